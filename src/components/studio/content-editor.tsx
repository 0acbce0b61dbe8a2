import { useState, type FormEvent } from "react";
import { splitTags } from "../../../common/tags";
import { ApiError, refusalOf } from "../../lib/api";
import { updateContent } from "../../lib/content-api";
import type { ContentJson } from "../../../common/schemas/content";
import { CaptionsEditor } from "../captions/captions-editor";
import { buttonClass } from "../ui";
import { detailsProblems, hasProblems } from "../upload/details-check";
import { DetailsFields } from "../upload/details-fields";
import type { UploadDetails } from "../upload/upload-rules";
import { choiceOf, visibilityProblem, visibilityRequest } from "../visibility/visibility-choice";
import { VisibilityField } from "../visibility/visibility-field";
import { FormError } from "../form-error";

type ContentEditorProps = {
  item: ContentJson;
  onSaved: (item: ContentJson) => void;
  onCancel: () => void;
  /** The item no longer exists (deleted in another tab): called when the member closes the editor's message. */
  onGone: () => void;
};

/** Said in the editor when saving finds the item deleted elsewhere (docs/decisions/103). */
const ITEM_GONE = "This item was deleted. It is no longer in your content.";

/**
 * Inline edit of an item's title, description, tags and visibility (docs/decisions/094), bounded and checked as the
 * server checks them (docs/decisions/038); a failed save stays in edit mode and says why when the server did.
 */
export function ContentEditor({ item, onSaved, onCancel, onGone }: ContentEditorProps) {
  const [details, setDetails] = useState<UploadDetails>({
    title: item.title,
    description: item.description,
    tags: splitTags(item.tags).join(", "),
  });
  const initial = choiceOf(item);
  const [visibility, setVisibility] = useState(initial);
  const [saving, setSaving] = useState(false);
  // Why the last save failed, said in the form (never a browser alert); `gone` when the item was deleted elsewhere.
  const [failure, setFailure] = useState<{ message: string; gone: boolean } | null>(null);
  const problems = detailsProblems(details);
  // Only a changed choice is checked and sent: an unchanged schedule whose time just passed is not a mistake.
  // A draft is published by its first save, with the visibility chosen (Public unless changed).
  const visibilityChanged = item.draft === true || visibility.option !== initial.option || visibility.at !== initial.at;
  const scheduleProblem = visibilityChanged ? visibilityProblem(visibility) : null;
  const invalid = hasProblems(problems) || scheduleProblem !== null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid || saving || failure?.gone) return;
    setSaving(true);
    setFailure(null);
    try {
      const edit = {
        title: details.title.trim(),
        description: details.description.trim(),
        tags: splitTags(details.tags),
        // A visibility without publish_at clears a schedule on the server, so Scheduled always sends its time.
        ...(visibilityChanged ? visibilityRequest(visibility) : {}),
      };
      onSaved(await updateContent(item.id, edit));
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiError && error.status === 404) return setFailure({ message: ITEM_GONE, gone: true });
      console.error(error);
      const reason = refusalOf(error);
      setFailure({ message: reason ? `Failed to update content: ${reason}` : "Failed to update content", gone: false });
    }
  };

  return (
    <form
      onSubmit={(event) => void save(event)}
      className="min-w-0 flex-1 space-y-3"
      aria-label={`Edit ${item.title}`}
      noValidate
    >
      <DetailsFields
        details={details}
        problems={problems}
        onChange={(p) => setDetails((d) => ({ ...d, ...p }))}
        disabled={saving}
      />
      <VisibilityField value={visibility} onChange={setVisibility} problem={scheduleProblem} disabled={saving} />
      <CaptionsEditor contentId={item.id} durationSeconds={item.duration} disabled={saving} />
      <FormError message={failure?.message} />
      <div className="flex gap-2">
        {failure?.gone ? (
          <button type="button" className={buttonClass("secondary")} onClick={onGone}>
            Close
          </button>
        ) : (
          <>
            <button type="submit" className={buttonClass("primary")} disabled={saving || invalid}>
              {item.draft ? "Publish" : "Save"}
            </button>
            <button type="button" className={buttonClass("secondary")} onClick={onCancel} disabled={saving}>
              Cancel
            </button>
          </>
        )}
      </div>
    </form>
  );
}
