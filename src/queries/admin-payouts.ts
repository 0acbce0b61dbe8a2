import { getPayoutBatches, getPayoutRequests } from "../lib/admin-api";
import { queryKeys } from "../lib/query-keys";
import { useAdminQuery } from "./admin";

// What the payout screens load (docs/decisions/066), one cache entry each, shared by the panels and dialogs
// that show them; every saved admin change reloads them (src/queries/admin.ts).

/** Members' payout requests of one status: open ones wait to be sent or paid, sent ones for their batch's result. */
export const usePayoutRequests = (status: "open" | "sent") =>
  useAdminQuery(
    queryKeys.admin.list("payout-requests", status),
    (signal) => getPayoutRequests(status, signal),
    "Failed to load payout requests",
  );

/** The payout batches, newest first. */
export const usePayoutBatches = () =>
  useAdminQuery(queryKeys.admin.list("payout-batches"), getPayoutBatches, "Failed to load payout batches");
