import { useState } from "react";
import { getOpenPayoutRequests, payPayoutRequest, rejectPayoutRequest } from "../../lib/admin-api";
import { formatDate } from "../../lib/format";
import { queryKeys } from "../../lib/query-keys";
import type { PayoutRequestJson } from "../../lib/types";
import { buttonClass } from "../ui";
import { num, Table, td, tdNum } from "./admin-ui";
import { formatUsd } from "./money";
import { NoteDecisionModal } from "./note-decision-modal";
import { useAdminQuery } from "./use-admin-query";

// Members' open payout requests, first in the Payments tab (docs/decisions/036). Pay records the completed
// payment for the request's amount and closes it; Reject asks for a reason the member will read. Both are
// dialogs that keep what the admin typed when the server refuses (another admin decided first: 409).

type Decision = { request: PayoutRequestJson; kind: "pay" | "reject" };

/** The longest payment reference and rejection reason the server takes (common/schemas/payout-requests.ts). */
const REFERENCE_MAX = 200;
const REASON_MAX = 500;

export function PayoutRequestsPanel() {
  const { data: requests } = useAdminQuery(queryKeys.admin.list("payout-requests", "open"), getOpenPayoutRequests, "Failed to load payout requests");
  const [decision, setDecision] = useState<Decision | null>(null);

  if (!requests || requests.length === 0) return null;
  return (
    <section aria-labelledby="payout-requests" className="space-y-3">
      <h2 id="payout-requests" className="text-lg font-semibold">
        Open payout requests
      </h2>
      <Table caption="Open payout requests" columns={["User", num("Amount"), "Method", "Pay to", "Requested", { label: "Actions", hidden: true }]}>
        {requests.map((r) => (
          <tr key={r.id}>
            <td className={`${td} min-w-44 max-w-56 wrap-anywhere`}>{r.user_email}</td>
            <td className={tdNum}>{formatUsd(r.amount_usd)}</td>
            <td className={td}>{r.payment_method}</td>
            <td className={`${td} min-w-48 max-w-64 wrap-anywhere`}>{r.payout_address}</td>
            <td className={`${td} whitespace-nowrap`}>{formatDate(r.created_at)}</td>
            <td className={`${td} whitespace-nowrap text-right`}>
              <button type="button" aria-label={`Pay ${r.user_email}`} className={buttonClass("ghost")} onClick={() => setDecision({ request: r, kind: "pay" })}>
                Pay
              </button>
              <button type="button" aria-label={`Reject payout to ${r.user_email}`} className={buttonClass("ghost")} onClick={() => setDecision({ request: r, kind: "reject" })}>
                Reject
              </button>
            </td>
          </tr>
        ))}
      </Table>
      {decision ? <PayoutDecisionModal {...decision} onClose={() => setDecision(null)} /> : null}
    </section>
  );
}

/** Pay (an optional reference, kept on the payment) or reject (a reason the member reads on their Wallet). */
function PayoutDecisionModal({ request: r, kind, onClose }: Decision & { onClose: () => void }) {
  const what = (
    <p className="text-sm text-slate-300 wrap-anywhere">
      <span className="font-semibold tabular-nums">{formatUsd(r.amount_usd)}</span> by {r.payment_method} to{" "}
      <span className="text-slate-100">{r.payout_address}</span>, asked by {r.user_email} on {formatDate(r.created_at)}.
    </p>
  );
  if (kind === "pay") {
    return (
      <NoteDecisionModal
        title="Record payout"
        action="Record payment"
        noteRequired={false}
        noteLabel="Payment reference"
        noteMax={REFERENCE_MAX}
        noteHint="The transaction id the member can match on their statement"
        send={(reference) => payPayoutRequest(r.id, { payment_reference: reference || null })}
        failure="Could not record the payment"
        onClose={onClose}
      >
        {what}
        <p className="text-sm text-slate-400">Send the money first: recording it completes the payment and closes the request.</p>
      </NoteDecisionModal>
    );
  }
  return (
    <NoteDecisionModal
      title="Reject payout request"
      action="Reject"
      noteLabel="Reason"
      noteMax={REASON_MAX}
      noteHint="The member sees this on their Wallet"
      send={(reason) => rejectPayoutRequest(r.id, reason)}
      failure="Could not reject the request"
      onClose={onClose}
    >
      {what}
      <p className="text-sm text-slate-400">The amount goes back to the member's available balance.</p>
    </NoteDecisionModal>
  );
}
