import { useState } from "react";
import { ApiError } from "../../lib/api";
import { getOpenPayoutRequests, payPayoutRequest, rejectPayoutRequest } from "../../lib/admin-api";
import { formatDate } from "../../lib/format";
import { queryKeys } from "../../lib/query-keys";
import type { PayoutRequestJson } from "../../lib/types";
import { buttonClass } from "../ui";
import { num, Table, td, tdNum } from "./admin-ui";
import { formatUsd } from "./money";
import { useAdminQuery, useRefreshAdminLists } from "./use-admin-query";

// Members' open payout requests, first in the Payments tab (docs/decisions/036). Pay records the completed
// payment for the request's amount and closes it; Reject asks for a reason the member will read.

const failureOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.body?.error ? error.body.error : fallback);

export function PayoutRequestsPanel() {
  const refreshAdminLists = useRefreshAdminLists();
  const { data: requests } = useAdminQuery(queryKeys.admin.list("payout-requests", "open"), getOpenPayoutRequests, "Failed to load payout requests");
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (r: PayoutRequestJson, run: () => Promise<unknown>, fallback: string) => {
    setBusy(r.id);
    setFailure(null);
    try {
      await run();
      refreshAdminLists();
    } catch (error) {
      setFailure(failureOf(error, fallback));
      refreshAdminLists();
    } finally {
      setBusy(null);
    }
  };
  const pay = (r: PayoutRequestJson) => {
    const reference = window.prompt(
      `Record the payment of ${formatUsd(r.amount_usd)} by ${r.payment_method} to ${r.payout_address}. Reference (optional):`,
      "",
    );
    if (reference === null) return;
    void act(r, () => payPayoutRequest(r.id, { payment_reference: reference.trim() || null }), "Could not record the payment");
  };
  const reject = (r: PayoutRequestJson) => {
    const reason = window.prompt(`Why is the payout to ${r.user_email} rejected? The member will see this.`, "");
    if (reason === null) return;
    if (!reason.trim()) {
      setFailure("A reason is required to reject a payout request");
      return;
    }
    void act(r, () => rejectPayoutRequest(r.id, reason.trim()), "Could not reject the request");
  };

  if (!requests || requests.length === 0) return null;
  return (
    <section aria-labelledby="payout-requests" className="space-y-3">
      <h2 id="payout-requests" className="text-lg font-semibold">
        Open payout requests
      </h2>
      {failure ? (
        <p role="alert" className="text-sm text-red-400">
          {failure}
        </p>
      ) : null}
      <Table caption="Open payout requests" columns={["User", num("Amount"), "Method", "Pay to", "Requested", { label: "Actions", hidden: true }]}>
        {requests.map((r) => (
          <tr key={r.id}>
            <td className={td}>{r.user_email}</td>
            <td className={tdNum}>{formatUsd(r.amount_usd)}</td>
            <td className={td}>{r.payment_method}</td>
            <td className={`${td} max-w-64 [overflow-wrap:anywhere]`}>{r.payout_address}</td>
            <td className={`${td} whitespace-nowrap`}>{formatDate(r.created_at)}</td>
            <td className={`${td} whitespace-nowrap text-right`}>
              <button type="button" aria-label={`Pay ${r.user_email}`} className={buttonClass("ghost")} disabled={busy === r.id} onClick={() => pay(r)}>
                Pay
              </button>
              <button type="button" aria-label={`Reject payout to ${r.user_email}`} className={buttonClass("ghost")} disabled={busy === r.id} onClick={() => reject(r)}>
                Reject
              </button>
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
