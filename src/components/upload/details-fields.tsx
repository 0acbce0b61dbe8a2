import { useId } from "react";
import { inputClass, labelClass } from "./form-styles";
import type { UploadDetails } from "./upload-rules";

type DetailsFieldsProps = {
  details: UploadDetails;
  onChange: (patch: Partial<UploadDetails>) => void;
  disabled?: boolean;
  /**
   * Rows of the bulk list are one line each: the fields become cells of the row's own grid, their labels
   * are read by screen readers only and the placeholders name the fields.
   */
  layout?: "stacked" | "row";
};

/** Title (required), description and comma-separated tags of an upload. */
export function DetailsFields({ details, onChange, disabled, layout = "stacked" }: DetailsFieldsProps) {
  const id = useId();
  const row = layout === "row";
  const label = row ? "sr-only" : labelClass;
  return (
    <div className={row ? "contents" : "space-y-4"}>
      <div className="min-w-0">
        <label htmlFor={`${id}-title`} className={label}>
          Title <span className="text-red-400" aria-hidden="true">*</span>
        </label>
        <input
          id={`${id}-title`}
          className={inputClass}
          value={details.title}
          onChange={(e) => onChange({ title: e.target.value })}
          placeholder={row ? "Title" : undefined}
          required
          disabled={disabled}
        />
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-description`} className={label}>
          Description
        </label>
        {row ? (
          <input
            id={`${id}-description`}
            className={inputClass}
            value={details.description}
            onChange={(e) => onChange({ description: e.target.value })}
            placeholder="Description"
            disabled={disabled}
          />
        ) : (
          <textarea
            id={`${id}-description`}
            className={`${inputClass} min-h-24`}
            value={details.description}
            onChange={(e) => onChange({ description: e.target.value })}
            disabled={disabled}
          />
        )}
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-tags`} className={label}>
          Tags
        </label>
        <input
          id={`${id}-tags`}
          className={inputClass}
          value={details.tags}
          onChange={(e) => onChange({ tags: e.target.value })}
          placeholder={row ? "Tags: a, b, c" : "music, live, tutorial"}
          aria-describedby={`${id}-tags-hint`}
          disabled={disabled}
        />
        <p id={`${id}-tags-hint`} className={row ? "sr-only" : "mt-1 text-xs text-slate-400"}>
          Separate tags with commas.
        </p>
      </div>
    </div>
  );
}
