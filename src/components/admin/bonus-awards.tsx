import { useState } from "react";
import { formatDate } from "../../lib/format";
import type { BonusAwardJson } from "../../../common/schemas/challenges";
import type { BonusReviewBody } from "../../../common/schemas/admin-reviews";
import { BonusAmount } from "../bonus-amount";
import { buttonClass } from "../ui";
import { Badge, capitalize, type Column, EmptyMessage, num, statusTone, Table, td, tdText, tdNum } from "./admin-ui";
import { isHeld, reasonLabel } from "./bonus-review";
import { BonusReviewModal } from "./bonus-review-modal";

type Review = { award: BonusAwardJson; decision: BonusReviewBody["decision"] };

/**
 * Bonus Awards History (docs/product-spec.md §2): the sign-on bonuses; awarded green, any other status yellow (§4).
 * A bonus held for review shows why, with Approve and Reject.
 */
export function BonusAwards({ awards }: { awards: BonusAwardJson[] }) {
  const [review, setReview] = useState<Review | null>(null);
  if (awards.length === 0) return <EmptyMessage title="No bonuses awarded yet" />;
  // The review column only when something waits for it, so the usual table stays narrow on phones.
  const reviewing = awards.some(isHeld);
  const columns: Column[] = ["User", num("Amount"), "Status", "Awarded"];
  if (reviewing) columns.push({ label: "Review", hidden: true });

  return (
    <>
      <Table caption="Bonus Awards History" columns={columns}>
        {awards.map((a) => (
          <tr key={a.id}>
            <td className={tdText}>{a.user_email}</td>
            <td className={tdNum}>
              <BonusAmount amount={a.total_bonus_amount} />
            </td>
            <td className={td}>
              <BonusStatus award={a} />
            </td>
            <td className={`${td} whitespace-nowrap`}>{a.awarded_at ? formatDate(a.awarded_at) : "—"}</td>
            {reviewing ? (
              <td className={`${td} whitespace-nowrap text-right`}>
                {isHeld(a) ? (
                  <span className="inline-flex gap-2">
                    <button
                      type="button"
                      aria-label={`Approve bonus for ${a.user_email}`}
                      className={buttonClass("secondary")}
                      onClick={() => setReview({ award: a, decision: "approve" })}
                    >
                      Approve
                    </button>
                    <button
                      type="button"
                      aria-label={`Reject bonus for ${a.user_email}`}
                      className={buttonClass("secondary")}
                      onClick={() => setReview({ award: a, decision: "reject" })}
                    >
                      Reject
                    </button>
                  </span>
                ) : null}
              </td>
            ) : null}
          </tr>
        ))}
      </Table>
      {review ? <BonusReviewModal {...review} onClose={() => setReview(null)} /> : null}
    </>
  );
}

function BonusStatus({ award }: { award: BonusAwardJson }) {
  const held = isHeld(award);
  return (
    <div className="space-y-1">
      <Badge tone={statusTone(award.status)}>{held ? "Held for review" : capitalize(award.status)}</Badge>
      {held ? (
        // Wide enough that a reason wraps into lines, not words, when the table scrolls on a phone.
        <ul aria-label="Reasons held" className="min-w-56 list-disc space-y-0.5 pl-4 text-xs text-slate-400">
          {award.review_reasons.map((reason) => (
            <li key={reason}>{reasonLabel(reason)}</li>
          ))}
        </ul>
      ) : null}
      {award.review_note ? (
        <p className="min-w-56 text-xs text-slate-400">
          Note{award.reviewed_at ? ` (${formatDate(award.reviewed_at)})` : ""}: {award.review_note}
        </p>
      ) : null}
    </div>
  );
}
