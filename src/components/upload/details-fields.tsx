import { useId } from "react";
import { TAGS_HINT, TEXT_LIMITS, type DetailsProblems } from "./details-check";
import { inputClass, labelClass } from "./form-styles";
import type { UploadDetails } from "./upload-rules";

type DetailsFieldsProps = {
  details: UploadDetails;
  onChange: (patch: Partial<UploadDetails>) => void;
  disabled?: boolean;
  /** What the server would refuse, by field (detailsProblems); each shows under its field. */
  problems?: DetailsProblems;
  /**
   * Rows of the bulk list are one line each: the fields become cells of the row's own grid, their labels
   * are read by screen readers only and the placeholders name the fields.
   */
  layout?: "stacked" | "row";
};

// The field's own border turns red (adding a second border colour would lose to the first in the CSS).
const invalidInputClass = inputClass.replace("border-slate-700", "border-red-500");

/** Title (required), description and comma-separated tags of an upload, bounded as the server bounds them. */
export function DetailsFields({ details, onChange, disabled, problems = {}, layout = "stacked" }: DetailsFieldsProps) {
  const id = useId();
  const row = layout === "row";
  const label = row ? "sr-only" : labelClass;
  // What each field is described by: its problem, and on the stacked form its count or hint.
  const describedBy = (field: keyof UploadDetails, extra?: string) =>
    [problems[field] ? `${id}-${field}-problem` : null, extra].filter(Boolean).join(" ") || undefined;
  const fieldClass = (field: keyof UploadDetails) => (problems[field] ? invalidInputClass : inputClass);
  return (
    <div className={row ? "contents" : "space-y-4"}>
      <div className="min-w-0">
        <label htmlFor={`${id}-title`} className={label}>
          Title{" "}
          <span className="text-red-400" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id={`${id}-title`}
          className={fieldClass("title")}
          value={details.title}
          maxLength={TEXT_LIMITS.title}
          onChange={(e) => onChange({ title: e.target.value })}
          placeholder={row ? "Title" : undefined}
          required
          aria-invalid={problems.title ? true : undefined}
          aria-describedby={describedBy("title", row ? undefined : `${id}-title-count`)}
          disabled={disabled}
        />
        <FieldProblem id={`${id}-title-problem`} problem={problems.title} />
        {row ? null : (
          <CharacterCount
            id={`${id}-title-count`}
            length={details.title.length}
            max={TEXT_LIMITS.title}
            noun="a title"
          />
        )}
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-description`} className={label}>
          Description
        </label>
        {row ? (
          <input
            id={`${id}-description`}
            className={fieldClass("description")}
            value={details.description}
            maxLength={TEXT_LIMITS.description}
            onChange={(e) => onChange({ description: e.target.value })}
            placeholder="Description"
            aria-invalid={problems.description ? true : undefined}
            aria-describedby={describedBy("description")}
            disabled={disabled}
          />
        ) : (
          <textarea
            id={`${id}-description`}
            className={`${fieldClass("description")} min-h-24`}
            value={details.description}
            maxLength={TEXT_LIMITS.description}
            onChange={(e) => onChange({ description: e.target.value })}
            aria-invalid={problems.description ? true : undefined}
            aria-describedby={describedBy("description", `${id}-description-count`)}
            disabled={disabled}
          />
        )}
        <FieldProblem id={`${id}-description-problem`} problem={problems.description} />
        {row ? null : (
          <CharacterCount
            id={`${id}-description-count`}
            length={details.description.length}
            max={TEXT_LIMITS.description}
            noun="a description"
          />
        )}
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-tags`} className={label}>
          Tags
        </label>
        <input
          id={`${id}-tags`}
          className={fieldClass("tags")}
          value={details.tags}
          onChange={(e) => onChange({ tags: e.target.value })}
          placeholder={row ? "Tags: a, b, c" : "music, live, tutorial"}
          aria-invalid={problems.tags ? true : undefined}
          aria-describedby={describedBy("tags", `${id}-tags-hint`)}
          disabled={disabled}
        />
        <FieldProblem id={`${id}-tags-problem`} problem={problems.tags} />
        <p id={`${id}-tags-hint`} className={row ? "sr-only" : "mt-1 text-xs text-slate-400"}>
          {TAGS_HINT}
        </p>
      </div>
    </div>
  );
}

function FieldProblem({ id, problem }: { id: string; problem?: string }) {
  if (!problem) return null;
  return (
    <p id={id} className="mt-1 text-sm break-words text-red-400">
      {problem}
    </p>
  );
}

/** "12/200"; at the limit it says why nothing more can be typed. */
function CharacterCount({ id, length, max, noun }: { id: string; length: number; max: number; noun: string }) {
  const full = length >= max;
  return (
    <p id={id} className={`mt-1 text-right text-xs tabular-nums ${full ? "text-amber-300" : "text-slate-400"}`}>
      {full
        ? `${length.toLocaleString("en-US")}/${max.toLocaleString("en-US")}: the most ${noun} can have`
        : `${length.toLocaleString("en-US")}/${max.toLocaleString("en-US")}`}
    </p>
  );
}
