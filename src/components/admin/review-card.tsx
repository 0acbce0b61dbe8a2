import { useId } from "react";
import { formatDate } from "../../lib/format";
import type { ReviewDecisionBody, ReviewJson } from "../../../common/schemas/admin-reviews";
import { buttonClass } from "../ui";
import { Badge } from "./admin-ui";
import { accountsText, coveredText, reverseLabel, ruleLabel, statusLabel, statusTone } from "./reviews";

type ReviewCardProps = {
  review: ReviewJson;
  onDecide: (decision: ReviewDecisionBody["decision"]) => void;
};

/** One fraud flag: the pattern, who it involves, the evidence, what it covers, and the decision or its buttons. */
export function ReviewCard({ review, onDecide }: ReviewCardProps) {
  const titleId = useId();
  const accounts = accountsText(review.users);
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 font-semibold wrap-anywhere text-slate-100">
          {review.title}
        </h3>
        <span className="flex flex-wrap gap-2">
          <Badge tone="violet">{ruleLabel(review.rule)}</Badge>
          <Badge tone={statusTone(review.status)}>{statusLabel(review.status)}</Badge>
        </span>
      </div>
      <p className="text-xs text-slate-400">Flagged {formatDate(review.created_at)}</p>
      <div>
        <h4 className="text-xs font-medium tracking-wide text-slate-400 uppercase">Accounts</h4>
        <ul aria-label="Accounts" className="mt-1 space-y-0.5 text-sm">
          {review.users.map((user) => (
            <li key={user.id} className="wrap-anywhere">
              <span className="text-slate-200">{user.email}</span>
              {user.username ? <span className="text-slate-400"> ({user.username})</span> : null}
              <span className="text-slate-400"> · joined {formatDate(user.created_at)}</span>
            </li>
          ))}
        </ul>
      </div>
      {review.evidence.length > 0 ? (
        <div>
          <h4 className="text-xs font-medium tracking-wide text-slate-400 uppercase">Evidence</h4>
          <ul aria-label="Evidence" className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-300">
            {review.evidence.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-sm tabular-nums text-slate-300">{coveredText(review)}</p>
      {review.status === "open" ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            aria-label={accounts ? `${reverseLabel(review)} for ${accounts}` : undefined}
            className={buttonClass("secondary")}
            onClick={() => onDecide("reverse")}
          >
            {reverseLabel(review)}
          </button>
          <button
            type="button"
            aria-label={accounts ? `Clear flag for ${accounts}` : undefined}
            className={buttonClass("secondary")}
            onClick={() => onDecide("clear")}
          >
            Clear
          </button>
        </div>
      ) : (
        <Decision review={review} />
      )}
    </article>
  );
}

/** "Reversed by admin@example.com on Nov 22, 2026: <note>". */
function Decision({ review }: { review: ReviewJson }) {
  const who = review.decided_by_email ? ` by ${review.decided_by_email}` : "";
  const when = review.decided_at ? ` on ${formatDate(review.decided_at)}` : "";
  return (
    <p className="text-sm wrap-anywhere text-slate-300">
      {statusLabel(review.status)}
      {who}
      {when}
      {review.note ? `: ${review.note}` : ""}
    </p>
  );
}
