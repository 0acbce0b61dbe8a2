import { type FormEvent, useId, useState } from "react";
import { visibleLength } from "../../../common/member-text";
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_TITLE_MAX, type PlaylistVisibility } from "../../../common/playlists";
import { describeFailure, refusalOf } from "../../lib/api";
import { inputClass, labelClass } from "../upload/form-styles";
import { buttonClass } from "../ui";
import { FormError } from "../form-error";

export type PlaylistFields = { title: string; description: string; visibility: PlaylistVisibility };

export const VISIBILITY_LABELS: Record<PlaylistVisibility, string> = {
  public: "Public",
  unlisted: "Unlisted",
  private: "Private",
};
const VISIBILITY_HINTS: Record<PlaylistVisibility, string> = {
  public: "Anyone can find it on your creator page.",
  unlisted: "Anyone with the link can see it; it is not listed anywhere.",
  private: "Only you can see it.",
};

type PlaylistFormProps = {
  initial?: PlaylistFields;
  submitLabel: string;
  onSubmit: (fields: PlaylistFields) => Promise<unknown>;
  onCancel: () => void;
};

/** Title, description and visibility of a playlist (docs/decisions/090), for making one and for editing it. */
export function PlaylistForm({ initial, submitLabel, onSubmit, onCancel }: PlaylistFormProps) {
  const id = useId();
  const [fields, setFields] = useState<PlaylistFields>(
    initial ?? { title: "", description: "", visibility: "private" },
  );
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (change: Partial<PlaylistFields>) => setFields((f) => ({ ...f, ...change }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    // Only what shows counts as a title (docs/decisions/106), as the server counts it.
    if (!visibleLength(fields.title)) return setProblem("Title is required");
    setSaving(true);
    setProblem(null);
    try {
      await onSubmit(fields);
    } catch (error) {
      const refusal = refusalOf(error);
      setProblem(refusal ?? "Could not save the playlist. Please try again.");
      if (!refusal) console.error(describeFailure("Failed to save playlist", error));
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
      <div>
        <label htmlFor={`${id}-title`} className={labelClass}>
          Title
        </label>
        <input
          id={`${id}-title`}
          data-autofocus
          className={inputClass}
          value={fields.title}
          maxLength={PLAYLIST_TITLE_MAX}
          required
          onChange={(e) => set({ title: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className={labelClass}>
          Description (optional)
        </label>
        <textarea
          id={`${id}-description`}
          className={`${inputClass} min-h-20`}
          value={fields.description}
          maxLength={PLAYLIST_DESCRIPTION_MAX}
          onChange={(e) => set({ description: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-visibility`} className={labelClass}>
          Visibility
        </label>
        <select
          id={`${id}-visibility`}
          className={inputClass}
          value={fields.visibility}
          aria-describedby={`${id}-visibility-hint`}
          onChange={(e) => set({ visibility: e.target.value as PlaylistVisibility })}
        >
          {(Object.keys(VISIBILITY_LABELS) as PlaylistVisibility[]).map((v) => (
            <option key={v} value={v}>
              {VISIBILITY_LABELS[v]}
            </option>
          ))}
        </select>
        <p id={`${id}-visibility-hint`} className="mt-1 text-xs text-slate-400">
          {VISIBILITY_HINTS[fields.visibility]}
        </p>
      </div>
      <FormError message={problem} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass("primary")} disabled={saving} aria-busy={saving}>
          {submitLabel}
        </button>
        <button type="button" className={buttonClass("secondary")} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
