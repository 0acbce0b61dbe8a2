import { useId, useState, type ReactNode } from "react";
import { visibleLength } from "../../../common/member-text";
import { ApiError, describeFailure } from "../../lib/api";
import { Modal } from "../modal";
import { buttonClass } from "../ui";
import { fieldClass, labelClass } from "./admin-ui";
import { NOTE_MAX, noteProblem } from "./bonus-review";
import { useRefreshAdminLists } from "../../queries/admin";

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
  /** False when the decision may go without a note (default: a note is required). */
  noteRequired?: boolean;
  /** Who reads the note, shown under it (default: the audit log). */
  noteHint?: string;
  /** The field's label when it is not a note (a payment reference); "(optional)" is added when it may be empty. */
  noteLabel?: string;
  /** The longest note the server takes (default NOTE_MAX). */
  noteMax?: number;
  /** A one-line field (a payment reference): an input, as the server refuses line breaks in it (decision 106). */
  singleLine?: boolean;
};

/** Refusals the admin can act on: a note the server finds wrong, an account or item it will not touch, one settled already. */
const refusals = new Set([400, 403, 404, 409]);

/**
 * An admin decision with a note for the audit log (a held bonus, a fraud flag, a moderation action): the
 * note is required unless said otherwise, a refusal (400; 403 or 404 from moderation; 409 when another
 * admin settled it first) shows under it, other failures are logged (docs/product-spec.md §8). On success
 * the admin lists reload and the dialog closes.
 */
export function NoteDecisionModal(props: NoteDecisionModalProps) {
  const {
    title,
    action,
    children,
    send,
    failure,
    onClose,
    noteRequired = true,
    noteHint = "Why, for the audit log",
  } = props;
  const { noteLabel = "Note", noteMax = NOTE_MAX, singleLine = false } = props;
  const refreshAdminLists = useRefreshAdminLists();
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const field = {
    id,
    "data-autofocus": true,
    maxLength: noteMax,
    value: note,
    "aria-invalid": problem ? true : undefined,
    "aria-describedby": `${id}-note`,
    onChange: (event: { currentTarget: { value: string } }) => setNote(event.currentTarget.value),
    className: fieldClass,
  };

  const submit = async () => {
    const invalid = noteRequired || visibleLength(note) > 0 ? noteProblem(note, noteMax) : null;
    setProblem(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await send(note.trim());
      refreshAdminLists();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && refusals.has(error.status)) setProblem(error.message);
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
          <label htmlFor={id} className={labelClass}>
            {noteRequired ? noteLabel : `${noteLabel} (optional)`}
          </label>
          {singleLine ? <input {...field} /> : <textarea {...field} rows={3} />}
          {problem ? (
            <p id={`${id}-note`} role="alert" className="text-sm text-red-400">
              {problem}
            </p>
          ) : (
            <p id={`${id}-note`} className="text-sm text-slate-400">
              {noteHint} ({note.length}/{noteMax} characters).
            </p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass()} disabled={busy}>
            {busy ? "Saving..." : action}
          </button>
        </div>
      </form>
    </Modal>
  );
}
