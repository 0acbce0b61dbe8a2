import type { ContentModerationAction, ReportReason } from "../../../common/moderation";
import { buttonClass } from "../ui";
import { formatDate } from "../../lib/format";
import { reasonCounts, reasonLabel } from "./moderation";

export const moderationHeading = "text-xs font-medium tracking-wide text-slate-400 uppercase";
export const moderationLinkClass =
  "rounded text-violet-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-violet-400";

type ReportSummaryProps = {
  /** Shown only while the subject is taken down. */
  removedNote: string | null;
  counts: Parameters<typeof reasonCounts>[0];
  latestNotes: { reason: ReportReason; note: string; created_at: string }[];
  firstReportedAt: string;
  lastReportedAt: string;
};

/**
 * Why members reported an item or a comment (docs/decisions/027, 095): the takedown note, the count per reason,
 * the newest notes and when the reports came. One piece for both moderation cards.
 */
export function ReportSummary({
  removedNote,
  counts,
  latestNotes,
  firstReportedAt,
  lastReportedAt,
}: ReportSummaryProps) {
  const reasons = reasonCounts(counts);
  return (
    <>
      {removedNote ? (
        <p className="text-sm wrap-anywhere text-slate-300">
          <span className="text-slate-400">Takedown note: </span>
          {removedNote}
        </p>
      ) : null}
      {reasons.length > 0 ? (
        <div>
          <h4 className={moderationHeading}>Reasons</h4>
          <ul aria-label="Reasons" className="mt-1 flex flex-wrap gap-2 text-sm">
            {reasons.map(({ reason, label, count }) => (
              <li key={reason} className="rounded-full bg-slate-800 px-3 py-0.5 text-slate-200">
                {label} <span className="tabular-nums text-slate-400">×{count}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {latestNotes.length > 0 ? (
        <div>
          <h4 className={moderationHeading}>Latest notes</h4>
          <ul aria-label="Latest notes" className="mt-1 space-y-1 text-sm">
            {latestNotes.map((note, index) => (
              <li key={index} className="wrap-anywhere text-slate-300">
                <span className="text-slate-400">
                  {reasonLabel(note.reason)} · {formatDate(note.created_at)}:{" "}
                </span>
                {note.note}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-xs text-slate-400">
        First reported {formatDate(firstReportedAt)} · last reported {formatDate(lastReportedAt)}
      </p>
    </>
  );
}

/**
 * A moderation card's buttons (docs/decisions/027, 095): Restore while taken down; else Dismiss while reports are open,
 * and Take down; none for a subject deleted by its author. Each button's name says what it acts on (`name`, starting
 * with its text), as every card has the same buttons.
 */
export function ModerationActions({
  name,
  removed,
  deleted = false,
  openReports,
  onAction,
}: {
  name: string;
  removed: boolean;
  deleted?: boolean;
  openReports: number;
  onAction: (action: ContentModerationAction) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {removed ? (
        <ActionButton label="Restore" name={`Restore ${name}`} onClick={() => onAction("restore")} />
      ) : deleted ? null : (
        <>
          {openReports > 0 ? (
            <ActionButton label="Dismiss" name={`Dismiss reports of ${name}`} onClick={() => onAction("dismiss")} />
          ) : null}
          <ActionButton label="Take down" name={`Take down ${name}`} onClick={() => onAction("takedown")} />
        </>
      )}
    </div>
  );
}

function ActionButton({ label, name, onClick }: { label: string; name: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={name}
      className={buttonClass("secondary")}
      onClick={onClick}
    >
      {label}
    </button>
  );
}
