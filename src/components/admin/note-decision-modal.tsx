import { useId, useState, type ReactNode } from "react";
import { ApiError, describeFailure } from "../../lib/api";
import { Modal } from "../modal";
import { buttonClass } from "../ui";
import { fieldClass, labelClass } from "./admin-ui";
import { NOTE_MAX, noteProblem } from "./bonus-review";
import { useRefreshAdminLists } from "./use-admin-query";

type NoteDecisionModalProps = {
  title: string;
  action: string;
  /** What is being decided, shown above the note. */
  children: ReactNode;
  /** Sends the decision with the trimmed note. */
  send: (note: string) => Promise<unknown>;
  /** Logged with the error when the server gives no answer the admin can act on. */
  failure: string;
  onClose: () => void;
};

/**
 * An admin decision that needs a note for the audit log (a held bonus, a fraud flag): the note is required,
 * a refusal (400, or 409 when another admin settled it first) shows under it, other failures are logged
 * (docs/product-spec.md §8). On success the admin lists reload and the dialog closes.
 */
export function NoteDecisionModal({ title, action, children, send, failure, onClose }: NoteDecisionModalProps) {
  const refreshAdminLists = useRefreshAdminLists();
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async () => {
    const invalid = noteProblem(note);
    setProblem(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await send(note.trim());
      refreshAdminLists();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 409)) setProblem(error.message);
      else console.error(describeFailure(failure, error));
      setBusy(false);
    }
  };

  return (
    <Modal title={title} onClose={onClose}>
      <form
        noValidate
        aria-label={title}
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {children}
        <div className="space-y-1">
          <label htmlFor={id} className={labelClass}>Note</label>
          <textarea
            id={id}
            data-autofocus
            rows={3}
            maxLength={NOTE_MAX}
            value={note}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-note`}
            onChange={(event) => setNote(event.currentTarget.value)}
            className={fieldClass}
          />
          {problem ? (
            <p id={`${id}-note`} role="alert" className="text-sm text-red-400">{problem}</p>
          ) : (
            <p id={`${id}-note`} className="text-sm text-slate-400">
              Why, for the audit log ({note.length}/{NOTE_MAX} characters).
            </p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>Cancel</button>
          <button type="submit" className={buttonClass()} disabled={busy}>{busy ? "Saving..." : action}</button>
        </div>
      </form>
    </Modal>
  );
}
