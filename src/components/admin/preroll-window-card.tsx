import { useId, useRef, useState } from "react";
import { changeAdSetting } from "../../lib/admin-api";
import { ApiError, describeFailure } from "../../lib/api";
import { card } from "../ui";
import { fieldClass, labelClass } from "./admin-ui";

/**
 * How soon a replay shows the pre-roll again (ad setting `preroll_skip_minutes`, docs/decisions/045): a
 * viewer who played an item within that many minutes resumes (or starts over) without another pre-roll.
 * Saved when the admin leaves the field or presses Enter, like the other ad fields.
 */
export function PrerollWindowCard({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  const [status, setStatus] = useState<"" | "Saving changes..." | "Saved">("");
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(initial);
  const id = useId();

  const save = async () => {
    const value = text.trim();
    if (value === sent.current) return;
    sent.current = value;
    setStatus("Saving changes...");
    setError(null);
    try {
      const after = await changeAdSetting({ key: "preroll_skip_minutes", value });
      sent.current = after.preroll_skip_minutes ?? value;
      setText(sent.current);
      setStatus("Saved");
    } catch (failure) {
      setStatus("");
      // A refused value is the admin's to fix, so it shows by the field; anything else is logged (docs/product-spec.md §8).
      if (failure instanceof ApiError && failure.status === 400) setError("Enter whole minutes from 0 to 1440.");
      else console.error(describeFailure("Failed to update ad settings", failure));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className={`${card} max-w-2xl space-y-2`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Pre-roll on Resume
        </h2>
        <p role="status" className="text-sm text-violet-300">
          {status}
        </p>
      </div>
      <form
        noValidate
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label htmlFor={id} className={labelClass}>
          No pre-roll again within (minutes)
        </label>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-note`}
          onChange={(event) => setText(event.currentTarget.value)}
          onBlur={() => void save()}
          className={`${fieldClass} max-w-32`}
        />
        <p id={`${id}-note`} className={`text-sm ${error ? "text-red-400" : "text-slate-400"}`}>
          {error ??
            "A viewer who played an item this recently resumes it without another pre-roll. 0 plays the pre-roll every time. Saved when you leave the field."}
        </p>
      </form>
    </section>
  );
}
