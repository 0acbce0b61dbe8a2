import { useId } from "react";
import { inputClass, labelClass } from "./form-styles";
import type { UploadDetails } from "./upload-rules";

type DetailsFieldsProps = {
  details: UploadDetails;
  onChange: (patch: Partial<UploadDetails>) => void;
  disabled?: boolean;
  /** Rows of the bulk list lay the fields out side by side. */
  layout?: "stacked" | "row";
};

/** Title (required), description and comma-separated tags of an upload. */
export function DetailsFields({ details, onChange, disabled, layout = "stacked" }: DetailsFieldsProps) {
  const id = useId();
  const grid = layout === "row" ? "grid gap-3 md:grid-cols-3" : "space-y-4";
  return (
    <div className={grid}>
      <div>
        <label htmlFor={`${id}-title`} className={labelClass}>
          Title <span className="text-red-400" aria-hidden="true">*</span>
        </label>
        <input
          id={`${id}-title`}
          className={inputClass}
          value={details.title}
          onChange={(e) => onChange({ title: e.target.value })}
          required
          disabled={disabled}
        />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className={labelClass}>
          Description
        </label>
        {layout === "row" ? (
          <input
            id={`${id}-description`}
            className={inputClass}
            value={details.description}
            onChange={(e) => onChange({ description: e.target.value })}
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
      <div>
        <label htmlFor={`${id}-tags`} className={labelClass}>
          Tags
        </label>
        <input
          id={`${id}-tags`}
          className={inputClass}
          value={details.tags}
          onChange={(e) => onChange({ tags: e.target.value })}
          placeholder="music, live, tutorial"
          aria-describedby={`${id}-tags-hint`}
          disabled={disabled}
        />
        <p id={`${id}-tags-hint`} className="mt-1 text-xs text-slate-400">
          Separate tags with commas.
        </p>
      </div>
    </div>
  );
}
