import { useId } from "react";
import type { AppealOutcome } from "../../../common/appeals";
import type { AdminAppealJson } from "../../../common/schemas/appeals";
import { formatDate, formatUsd } from "../../lib/format";
import { buttonClass } from "../ui";
import { Badge } from "./admin-ui";
import { memberText, reasonLabel } from "./moderation";

const heading = "text-xs font-medium tracking-wide text-slate-400 uppercase";
const statusBadges = {
  open: ["yellow", "Open"],
  upheld: ["red", "Upheld"],
  reversed: ["green", "Reversed"],
  moot: ["slate", "Moot: undone another way"],
} as const;

/** What was appealed, in a few words: the item's title, a comment under it (docs/decisions/095), or a suspension. */
export const appealSubject = (appeal: AdminAppealJson) =>
  appeal.action.comment
    ? `Takedown of a comment on “${appeal.action.content?.title ?? ""}”`
    : appeal.action.content
      ? `Takedown of “${appeal.action.content.title}”`
      : `Suspension of ${appeal.member.email}`;

type AppealCardProps = { appeal: AdminAppealJson; onDecide: (outcome: AppealOutcome) => void };

/**
 * One appeal (docs/decisions/092): who appeals what, the action with its note, who took it and when, the reports
 * behind it, the member's text, and Uphold / Reverse while it is open (else the decision).
 */
export function AppealCard({ appeal, onDecide }: AppealCardProps) {
  const titleId = useId();
  const { action } = appeal;
  const [tone, label] = statusBadges[appeal.status];
  const subject = appealSubject(appeal);
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 font-semibold wrap-anywhere text-slate-100">
          {subject}
        </h3>
        <span className="flex flex-wrap gap-2">
          <Badge tone={tone}>{label}</Badge>
          {action.content?.deleted || action.comment?.deleted ? <Badge tone="red">Deleted</Badge> : null}
        </span>
      </div>
      <p className="text-sm wrap-anywhere text-slate-300">
        <span className="text-slate-400">Member: </span>
        {memberText(appeal.member.name, appeal.member.email)}
        {appeal.member.suspended ? (
          <span className="ml-2">
            <Badge tone="red">Suspended</Badge>
          </span>
        ) : null}
      </p>
      <p className="text-sm wrap-anywhere text-slate-300">
        <span className="text-slate-400">{action.action === "suspend" ? "Suspended" : "Taken down"} by </span>
        {action.actor_email} <span className="text-slate-400">on</span> {formatDate(action.acted_at)}
        {action.note ? (
          <>
            <span className="text-slate-400">: </span>
            {action.note}
          </>
        ) : null}
      </p>
      {action.comment ? (
        <div>
          <h4 className={heading}>Comment</h4>
          <blockquote className="mt-1 max-h-48 overflow-y-auto border-l-2 border-slate-700 pl-3 text-sm whitespace-pre-wrap wrap-anywhere text-slate-100">
            {action.comment.text}
          </blockquote>
        </div>
      ) : null}
      {appeal.reports.length > 0 ? (
        <div>
          <h4 className={heading}>Reports</h4>
          <ul aria-label="Reports" className="mt-1 space-y-1 text-sm">
            {appeal.reports.map((report, index) => (
              <li key={index} className="wrap-anywhere text-slate-300">
                <span className="text-slate-400">
                  {reasonLabel(report.reason)} · {formatDate(report.created_at)}
                  {report.note ? ": " : ""}
                </span>
                {report.note}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <h4 className={heading}>Appeal · {formatDate(appeal.created_at)}</h4>
        <p className="mt-1 text-sm whitespace-pre-wrap wrap-anywhere text-slate-100">{appeal.text}</p>
      </div>
      {appeal.status === "open" ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            aria-haspopup="dialog"
            aria-label={`Uphold: ${subject}`}
            className={buttonClass("secondary")}
            onClick={() => onDecide("upheld")}
          >
            Uphold
          </button>
          <button
            type="button"
            aria-haspopup="dialog"
            aria-label={`Reverse: ${subject}`}
            className={buttonClass("secondary")}
            onClick={() => onDecide("reversed")}
          >
            Reverse
          </button>
        </div>
      ) : (
        <p className="text-sm wrap-anywhere text-slate-300">
          <span className="text-slate-400">
            Decided{appeal.decided_by_email ? ` by ${appeal.decided_by_email}` : ""}
            {appeal.decided_at ? ` on ${formatDate(appeal.decided_at)}` : ""}
            {appeal.decision_note ? ": " : ""}
          </span>
          {appeal.decision_note}
          {appeal.status === "reversed" && appeal.give_back_usd > 0 ? (
            <span className="block text-slate-400">
              Gave back {formatUsd(appeal.give_back_usd)} of earnings, held again.
            </span>
          ) : null}
        </p>
      )}
    </article>
  );
}
