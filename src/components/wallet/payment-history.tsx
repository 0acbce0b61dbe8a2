import { SideScroll } from "../scroll-edges";
import { formatDate, formatUsd } from "../../lib/format";
import type { PaymentJson } from "../../../common/schemas/payments";
import { stackedTable } from "../stacked-table";
import { EmptyState } from "./empty-state";

const th = "px-4 py-3 text-left font-medium text-slate-400";
const td = "px-4 py-3";
// What an admin typed (method, reference, notes) wraps anywhere, in a column kept readable.
const tdText = `${td} min-w-48 wrap-anywhere`;
// A reference (a transaction id, often one unbroken run) stops at two lines; the whole of it is its tooltip,
// and one tap selects all of it to copy (`select-all`), the cut part too.
const reference = "line-clamp-2 min-w-0 wrap-anywhere select-all";

/**
 * Payment History tab: the user's own payouts, newest first as the API sends them. A corrected payment stays
 * listed, its amount struck: it is no longer counted as paid.
 */
export function PaymentHistory({ payments }: { payments: PaymentJson[] }) {
  if (payments.length === 0) {
    return (
      <EmptyState
        title="No payments yet"
        text="Payments will appear here once you reach the $25 minimum payout threshold"
      >
        {/* Payments are not automatic (decision 036): say where they start. */}
        <p className="mt-2 text-sm text-slate-400">
          Then ask for one from the Overview tab; an admin sends it and records it here.
        </p>
      </EmptyState>
    );
  }
  return (
    <SideScroll label="Your payments" className="rounded-2xl border border-slate-800">
      {/* One card per payment on a phone: nothing off-screen, no column stretched tall (docs/decisions/098). */}
      <table className={`w-full text-sm ${stackedTable.table}`}>
        <caption className="sr-only">Your payments</caption>
        <thead className={`bg-slate-900 ${stackedTable.head}`}>
          <tr>
            <th scope="col" className={th}>
              Date
            </th>
            <th scope="col" className={`${th} text-right`}>
              Amount
            </th>
            <th scope="col" className={th}>
              Method
            </th>
            <th scope="col" className={th}>
              Reference
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Notes
            </th>
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-800 ${stackedTable.body}`}>
          {payments.map((payment) => (
            <tr className="align-top" key={payment.id}>
              <td data-label="Date" className={`${td} whitespace-nowrap`}>
                {formatDate(payment.created_at)}
              </td>
              <td data-label="Amount" className={`${td} text-right tabular-nums`}>
                {/* A corrected payment gave its amount back (docs/decisions/066): struck, so the list adds up with "Paid out". */}
                {payment.reversal ? (
                  <s className="text-slate-500">{formatUsd(payment.amount_usd)}</s>
                ) : (
                  formatUsd(payment.amount_usd)
                )}
              </td>
              <td data-label="Method" className={tdText}>
                {/* Isolated, as every payout address and payment text is shown (docs/decisions/108). */}
                <bdi>{payment.payment_method}</bdi>
              </td>
              <td data-label="Reference" className={`${tdText} text-slate-400`}>
                {payment.payment_reference ? (
                  <span title={payment.payment_reference} className={reference}>
                    <bdi>{payment.payment_reference}</bdi>
                  </span>
                ) : (
                  "—"
                )}
              </td>
              <td data-label="Status" className={payment.reversal ? tdText : td}>
                {payment.reversal ? (
                  <Correction reversal={payment.reversal} />
                ) : (
                  <StatusBadge status={payment.status} />
                )}
              </td>
              {/* Whole: the member has no other place to read it. */}
              <td data-label="Notes" className={`${td} min-w-56 wrap-anywhere text-slate-400`}>
                {payment.notes ? <bdi>{payment.notes}</bdi> : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </SideScroll>
  );
}

/** What a correction did: the payment is not paid, and what became of the request it settled. */
function Correction({ reversal }: { reversal: NonNullable<PaymentJson["reversal"]> }) {
  const outcome =
    reversal.request_outcome === "reopened"
      ? "Your payout request is open again."
      : reversal.request_outcome === "closed"
        ? "The amount is available again."
        : null;
  return (
    <div className="space-y-1">
      <p className="text-amber-300">
        Corrected: <bdi>{reversal.reason}</bdi> — not paid
      </p>
      {outcome ? <p className="text-xs text-slate-400">{outcome}</p> : null}
    </div>
  );
}

function StatusBadge({ status }: { status: PaymentJson["status"] }) {
  const completed = status === "completed";
  return (
    <span
      className={
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium " +
        (completed ? "bg-emerald-500/15 text-emerald-300" : "bg-amber-500/15 text-amber-300")
      }
    >
      {completed ? "Completed" : "Pending"}
    </span>
  );
}
