import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { COMMENT_MAX } from "../../../common/comments";
import { visibleLength } from "../../../common/member-text";
import { describeFailure, refusalOf } from "../../lib/api";
import { inputClass } from "../upload/form-styles";
import { buttonClass } from "../ui";
import { FormError } from "../form-error";

type ComposerProps = {
  label: string;
  submitLabel: string;
  initial?: string;
  autoFocus?: boolean;
  onSubmit: (text: string) => Promise<unknown>;
  onCancel?: () => void;
};

/** A text box with its character count (docs/decisions/093): a new comment, a reply or an edit. */
export function CommentComposer({ label, submitLabel, initial = "", autoFocus, onSubmit, onCancel }: ComposerProps) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const over = text.length > COMMENT_MAX;
  const box = useRef<HTMLTextAreaElement>(null);
  // A reply or an edit opens where the member clicked: the caret goes straight into its box.
  useEffect(() => {
    if (autoFocus) box.current?.focus();
  }, [autoFocus]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    // Only what shows counts as something (docs/decisions/106): a zero-width space alone is an empty comment.
    if (!visibleLength(text)) return setProblem("Write something first");
    if (over) return setProblem(`Comment must be at most ${COMMENT_MAX.toLocaleString("en-US")} characters`);
    setSaving(true);
    setProblem(null);
    try {
      await onSubmit(text);
      setText("");
    } catch (error) {
      const refusal = refusalOf(error);
      setProblem(refusal ?? "Could not post the comment. Please try again.");
      if (!refusal) console.error(describeFailure("Failed to post comment", error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-2" noValidate>
      <label htmlFor={`${id}-text`} className="sr-only">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        className={`${inputClass} min-h-20`}
        placeholder={label}
        value={text}
        ref={box}
        aria-describedby={`${id}-count`}
        aria-invalid={over}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={`${id}-count`} className={`text-xs tabular-nums ${over ? "text-red-400" : "text-slate-400"}`}>
          {text.length.toLocaleString("en-US")} / {COMMENT_MAX.toLocaleString("en-US")}
        </span>
        <div className="flex flex-wrap gap-2">
          {onCancel ? (
            <button type="button" className={buttonClass("ghost")} onClick={onCancel}>
              Cancel
            </button>
          ) : null}
          <button type="submit" className={buttonClass("primary")} disabled={saving} aria-busy={saving}>
            {submitLabel}
          </button>
        </div>
      </div>
      <FormError message={problem} />
    </form>
  );
}
