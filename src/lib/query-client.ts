import { QueryCache, QueryClient } from "@tanstack/react-query";
import { describeFailure } from "./api";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: {
      /** What failed, as the error catalogue words it: "<failure>: API responded with HTTP status <status>". */
      failure: string;
    };
  }
}

/**
 * The one cache of server state. Every failed load is logged here, once, in the catalogue's words
 * (docs/product-spec.md §8: fetch failures go to the console; the screen shows its own empty or error state).
 * Cancelled requests (a screen left, a key changed) are not failures and never reach `onError`.
 *
 * Defaults, chosen to keep what the screens did before they used a cache:
 * - `retry: false`: a failure shows at once (a 404 is "not found" immediately); polled data tries again on
 *   its next interval, everything else on the next visit.
 * - `refetchOnWindowFocus` / `refetchOnReconnect: false`: data refreshes when the product says so (its polls,
 *   a saved change, credited views), not when a tab regains focus; a focus refetch would also make the
 *   earnings poll's POST run at moments the 30 s rhythm does not foresee.
 * - `networkMode: "always"`: offline, a request fails and says so rather than waiting, paused, behind a spinner.
 */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.error(describeFailure(query.meta?.failure ?? "Failed to load data", error)),
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, networkMode: "always" },
    },
  });
}
