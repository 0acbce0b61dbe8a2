import { useEffect, useId, useRef, useState } from "react";
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from "../../../common/moderation";
import { describeFailure } from "../../lib/api";
import { useReport, type ReportTarget } from "../../queries/report";
import { Modal } from "../modal";
import { buttonClass } from "../ui";
import { inputClass, labelClass } from "../upload/form-styles";
import { reportRefusal } from "./report-failure";

type ReportDialogProps = { target: ReportTarget; onClose: () => void };

/** The dialog's words for an item and for a comment (docs/decisions/095): the same reasons and limits. */
const WORDS = {
  content: { title: "Report content", note: "Note (optional)", again: "this item" },
  comment: { title: "Report comment", note: "Details (optional)", again: "this comment" },
} as const;

/**
 * Why a member reports an item or a comment: one reason, an optional note. A refusal (rate limit, suspension, an
 * item or comment gone) shows in words in the dialog; once sent, the dialog says so until closed.
 */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
  const id = useId();
  const report = useReport(target);
  const words = WORDS[target.kind];
  const TITLE = words.title;
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const noteLength = note.trim().length;

  const submit = () => {
    if (!reason) return setProblem("Choose a reason for the report.");
    if (noteLength > REPORT_NOTE_MAX) return setProblem(`Keep the note to ${REPORT_NOTE_MAX} characters or fewer.`);
    setProblem(null);
    report.mutate(
      { reason, note: note.trim() },
      {
        onError: (error) => {
          const refusal = reportRefusal(error);
          // A refusal is an answer, shown; anything else is a failure of ours, logged as well.
          if (!refusal) console.error(describeFailure("Failed to send report", error));
          setProblem(refusal ?? "Your report could not be sent. Please try again.");
        },
      },
    );
  };

  return (
    <Modal title={TITLE} onClose={onClose}>
      {/* Always in the page, so the outcome is announced when it appears. */}
      <div role="status">
        {report.data ? <ReportSent report={report.data} again={words.again} onClose={onClose} /> : null}
      </div>
      {report.data ? null : (
        <form
          noValidate
          aria-label={TITLE}
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <p className="text-sm wrap-anywhere text-slate-300">
            {target.kind === "content" ? (
              <>
                Tell the moderators what is wrong with{" "}
                <span className="font-medium text-slate-100">{target.title}</span>.
              </>
            ) : (
              <>
                Tell the moderators what is wrong with this comment by{" "}
                <span className="font-medium text-slate-100">{target.authorName}</span>.
              </>
            )}
          </p>
          <fieldset className="space-y-2" aria-describedby={problem ? `${id}-problem` : undefined}>
            <legend className={labelClass}>Reason</legend>
            {REPORT_REASONS.map((value, index) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-200">
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={value}
                  checked={reason === value}
                  // The first choice takes focus when the dialog opens.
                  data-autofocus={index === 0 ? true : undefined}
                  onChange={() => setReason(value)}
                  className="size-4 accent-violet-500 focus-visible:outline-2 focus-visible:outline-violet-400"
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </fieldset>
          <div>
            <label htmlFor={`${id}-note`} className={labelClass}>
              {words.note}
            </label>
            <textarea
              id={`${id}-note`}
              rows={3}
              maxLength={REPORT_NOTE_MAX}
              value={note}
              aria-describedby={`${id}-count`}
              onChange={(event) => setNote(event.currentTarget.value)}
              className={inputClass}
            />
            <p id={`${id}-count`} className="mt-1 text-xs text-slate-400">
              {note.length}/{REPORT_NOTE_MAX} characters
            </p>
          </div>
          {problem ? (
            <p id={`${id}-problem`} role="alert" className="text-sm text-red-400">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonClass("secondary")} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={buttonClass()} disabled={report.isPending}>
              {report.isPending ? "Sending..." : "Submit"}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

type Sent = { created_at: string; updated_at: string };

/** The report arrived: said so, and what reporting again does. */
function ReportSent({ report, again, onClose }: { report: Sent; again: string; onClose: () => void }) {
  const done = useRef<HTMLButtonElement>(null);
  // The form (and the button that had focus) is gone: focus moves to the one way on.
  useEffect(() => done.current?.focus(), []);
  // The server answers an update of the member's open report with the report, its times then apart.
  const updated = report.updated_at !== report.created_at;
  return (
    <div className="space-y-4">
      <p className="font-medium text-emerald-300">{updated ? "Your report was updated." : "Your report was sent."}</p>
      <p className="text-sm text-slate-300">
        Thank you. Moderators will review it. Reporting {again} again updates your report rather than adding another.
      </p>
      <div className="flex justify-end">
        <button ref={done} type="button" className={buttonClass()} onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}
