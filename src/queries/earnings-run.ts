import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { calculateEarnings } from "../lib/earnings-api";
import { creditedViewsMakeStale, queryKeys } from "../lib/query-keys";
import { useUserId } from "../stores/auth";
import { useCreditNotice } from "../stores/credit-notice";

/** docs/product-spec.md §9: the home page asks for an earnings calculation this often. */
export const EARNINGS_POLL_MS = 30_000;

/** Marks what credited views change as stale: whatever of it is on screen loads again in the background. */
export const refreshAfterCredits = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (query) => creditedViewsMakeStale.includes(String(query.queryKey[0])) });

/**
 * Runs the earnings job (docs/architecture.md §4) on load and every 30 s while the home page is open, for a
 * signed-in user only (the call needs a session). A POST polled as a query: the cache keeps the 30 s
 * interval (counted from the last answer) and makes one request however often the page mounts
 * (StrictMode): the call takes no abort signal, so a remount joins the run under way. When views were
 * credited the page's data refreshes without a reload. `credited_usd` is what was credited to the user's own
 * views since they were last told, by this run or by the cron before it (docs/decisions/033): the server
 * tells each credit once, so it shows the notice as it comes, and refreshes the page too, since a credit the
 * cron made leaves `processed` at 0. A failure is logged only (docs/product-spec.md §8); the next run tries again.
 */
export function useEarningsPoll() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  useQuery({
    queryKey: queryKeys.earningsRun(userId),
    queryFn: async () => {
      const run = await calculateEarnings();
      if (run.processed > 0 || run.credited_usd > 0) void refreshAfterCredits(queryClient);
      // Older servers say nothing here, and credits to the user's items from others' views are not told.
      if (run.credited_usd > 0) useCreditNotice.getState().show(run.credited_usd);
      return run;
    },
    enabled: userId !== null,
    refetchInterval: EARNINGS_POLL_MS,
    // As the page's own timer did, a background tab keeps polling.
    refetchIntervalInBackground: true,
    meta: { failure: "Failed to calculate earnings" },
  });
}
