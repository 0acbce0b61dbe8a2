import { useState } from "react";
import { FilterToggle } from "../filter-toggle";
import { getReviews, type ReviewFilter, runReviewSweep } from "../../lib/admin-api";
import { describeFailure } from "../../lib/api";
import type { ReviewDecisionBody, ReviewJson } from "../../../common/schemas/admin-reviews";
import { queryKeys } from "../../lib/query-keys";
import { PageSpinner } from "../spinner";
import { buttonClass } from "../ui";
import { EmptyMessage } from "./admin-ui";
import { ReviewCard } from "./review-card";
import { ReviewDecisionModal } from "./review-decision-modal";
import { sweepText } from "./reviews";
import { useAdminQuery, useRefreshAdminLists } from "../../queries/admin";

const filters: [filter: ReviewFilter, label: string][] = [
  ["open", "Open"],
  ["all", "All"],
];

type Deciding = { review: ReviewJson; decision: ReviewDecisionBody["decision"] };

/**
 * Reviews tab (docs/decisions/019): the fraud sweep's flags on held view rewards, newest first; an admin
 * reverses the earnings a flag covers or clears it. "Run sweep" looks for new patterns now.
 */
export function ReviewsTab() {
  const refreshAdminLists = useRefreshAdminLists();
  const [filter, setFilter] = useState<ReviewFilter>("open");
  const { data, firstLoad } = useAdminQuery(
    queryKeys.admin.list("reviews", filter),
    (signal) => getReviews(filter, signal),
    "Failed to load reviews",
  );
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [sweeping, setSweeping] = useState(false);
  const [sweepResult, setSweepResult] = useState("");

  const sweep = async () => {
    setSweeping(true);
    setSweepResult("");
    try {
      setSweepResult(sweepText(await runReviewSweep()));
      refreshAdminLists();
    } catch (error) {
      // Console only, as admin update failures are (docs/product-spec.md §8).
      console.error(describeFailure("Failed to run the review sweep", error));
    } finally {
      setSweeping(false);
    }
  };

  const reviews = data?.reviews ?? [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FilterToggle label="Show flags" options={filters} value={filter} onChange={setFilter} />
        <div className="flex flex-wrap items-center justify-end gap-3">
          <p role="status" className="text-sm text-violet-300">
            {sweepResult}
          </p>
          <button type="button" className={buttonClass()} disabled={sweeping} onClick={() => void sweep()}>
            {sweeping ? "Running sweep..." : "Run sweep"}
          </button>
        </div>
      </div>
      {firstLoad ? (
        <PageSpinner />
      ) : reviews.length === 0 ? (
        <EmptyMessage title={filter === "open" ? "No open flags." : "No flags yet."} />
      ) : (
        <ul aria-label={filter === "open" ? "Open flags" : "All flags"} className="space-y-4">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} onDecide={(decision) => setDeciding({ review, decision })} />
            </li>
          ))}
        </ul>
      )}
      {deciding ? <ReviewDecisionModal {...deciding} onClose={() => setDeciding(null)} /> : null}
    </div>
  );
}
