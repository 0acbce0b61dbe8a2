import { useState } from "react";
import { deletePayment, getAdminPayments, paymentsCsvUrl } from "../../lib/admin-api";
import { formatDate } from "../../lib/format";
import type { PaymentJson } from "../../../common/schemas/payments";
import { queryKeys } from "../../lib/query-keys";
import { PageSpinner } from "../spinner";
import { buttonClass } from "../ui";
import {
  ClampedText,
  Badge,
  capitalize,
  EmptyMessage,
  num,
  StatCards,
  statusTone,
  Table,
  td,
  tdText,
  tdNum,
} from "./admin-ui";
import { formatUsd, sumUsd } from "./money";
import { DeadLettersPanel } from "./dead-letters-panel";
import { PaymentCorrectionModal } from "./payment-correction-modal";
import { PaymentModal } from "./payment-modal";
import { PayoutBatchesPanel } from "./payout-batches-panel";
import { PayoutRequestsPanel } from "./payout-requests-panel";
import { removePayment } from "./payment-save";
import { useAdminQuery, useRefreshAdminLists } from "../../queries/admin";
import { FormError } from "../form-error";

type Dialog = { kind: "edit"; payment?: PaymentJson } | { kind: "correct"; payment: PaymentJson } | null;

/**
 * A payment that settled a payout request, or was corrected, is permanent (docs/decisions/066): it is corrected
 * by a new record, never edited or deleted.
 */
const isPermanent = (p: PaymentJson) => p.request_id !== null || p.reversal !== null;

/**
 * Payments tab (docs/product-spec.md §2): members' payout requests and the batches they go out in, totals, every
 * payment (manual ones with edit and delete; any not yet corrected with Correct), recording a new one, CSV export.
 */
export function PaymentsTab() {
  const refreshAdminLists = useRefreshAdminLists();
  const { data: payments, firstLoad } = useAdminQuery(
    queryKeys.admin.list("payments"),
    getAdminPayments,
    "Failed to load payments",
  );
  const [dialog, setDialog] = useState<Dialog>(null);

  // A failed delete, said above the payments (docs/decisions/103).
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const remove = async (payment: PaymentJson) => {
    setDeleteFailure(null);
    const outcome = await removePayment(() => deletePayment(payment.id));
    if (outcome.done) refreshAdminLists();
    else setDeleteFailure(outcome.failure);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap justify-end gap-2">
        <a href={paymentsCsvUrl} download className={buttonClass("secondary")}>
          Download CSV
        </a>
        <button type="button" className={buttonClass()} onClick={() => setDialog({ kind: "edit" })}>
          Record Payment
        </button>
      </div>
      {firstLoad ? (
        <PageSpinner />
      ) : (
        <>
          <PayoutRequestsPanel />
          <PayoutBatchesPanel />
          <DeadLettersPanel />
          <PaymentsSummary payments={payments ?? []} />
          <FormError message={deleteFailure} />
          {!payments || payments.length === 0 ? (
            <EmptyMessage title="No payments recorded yet" />
          ) : (
            <Table
              caption="Payments"
              stacked
              columns={[
                "User",
                num("Amount"),
                "Method",
                "Reference",
                "Status",
                "Date",
                "Notes",
                { label: "Actions", hidden: true },
              ]}
            >
              {payments.map((p) => (
                <tr key={p.id}>
                  <td data-label="User" className={tdText}>
                    {p.user_email}
                  </td>
                  <td data-label="Amount" className={tdNum}>
                    {p.reversal ? (
                      <>
                        <s className="text-slate-500">{formatUsd(p.amount_usd)}</s>
                        <span className="sr-only"> (corrected)</span>
                      </>
                    ) : (
                      formatUsd(p.amount_usd)
                    )}
                  </td>
                  {/* Short cells for short words: the method is usually one ("PayPal"), typed text all the same. */}
                  <td data-label="Method" className={`${td} min-w-24 wrap-anywhere`}>
                    <bdi>{p.payment_method}</bdi>
                  </td>
                  <td data-label="Reference" className={`${td} min-w-36 wrap-anywhere text-slate-400`}>
                    {/* Often one unbroken transaction id: two lines, the whole of it on hover and in Edit. */}
                    {p.payment_reference ? <ClampedText text={p.payment_reference} lines={2} /> : "—"}
                  </td>
                  <td data-label="Status" className={`${td} min-w-44 max-w-72 wrap-anywhere`}>
                    <div className="min-w-0">
                      <Badge tone={statusTone(p.status)}>{capitalize(p.status)}</Badge>
                      <PaymentFacts payment={p} />
                    </div>
                  </td>
                  <td data-label="Date" className={`${td} whitespace-nowrap`}>
                    {formatDate(p.created_at)}
                  </td>
                  <td data-label="Notes" className={`${td} min-w-36 wrap-anywhere text-slate-400`}>
                    {p.notes ? <ClampedText text={p.notes} /> : "—"}
                  </td>
                  {/* The actions one under another, so all of them fit beside the row at 1280 px, never cut off; in a row on a phone. */}
                  <td data-label="" className={td}>
                    <div className="flex flex-col items-end gap-1 whitespace-nowrap max-sm:flex-row max-sm:flex-wrap">
                      {isPermanent(p) ? null : (
                        <>
                          <button
                            type="button"
                            aria-label={`Edit payment to ${p.user_email}`}
                            className={buttonClass("ghost")}
                            onClick={() => setDialog({ kind: "edit", payment: p })}
                          >
                            Edit
                          </button>
                          <button
                            type="button"
                            aria-label={`Delete payment to ${p.user_email}`}
                            className={buttonClass("ghost")}
                            onClick={() => void remove(p)}
                          >
                            Delete
                          </button>
                        </>
                      )}
                      {p.reversal ? null : (
                        <button
                          type="button"
                          aria-label={`Correct payment to ${p.user_email}`}
                          className={buttonClass("ghost")}
                          onClick={() => setDialog({ kind: "correct", payment: p })}
                        >
                          Correct
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </>
      )}
      {dialog?.kind === "edit" ? <PaymentModal payment={dialog.payment} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === "correct" ? (
        <PaymentCorrectionModal payment={dialog.payment} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}

/**
 * What the list says of a payment besides its status: that it settled a payout request (so it is permanent), and
 * its correction, whose reason the admin typed (it wraps, and long ones show their first lines).
 */
function PaymentFacts({ payment: p }: { payment: PaymentJson }) {
  const outcome = p.reversal?.request_outcome;
  return (
    <>
      {p.request_id ? <span className="mt-1 block text-xs text-slate-400">Settles a payout request</span> : null}
      {p.reversal ? (
        <span className="mt-1 block text-xs text-amber-300">
          <span className="line-clamp-3" title={p.reversal.reason}>
            Corrected: {p.reversal.reason}
          </span>
          {outcome ? (
            <span className="block text-slate-400">
              {outcome === "reopened" ? "Request reopened" : "Request closed"} · {formatDate(p.reversal.created_at)}
            </span>
          ) : null}
        </span>
      ) : null}
    </>
  );
}

/**
 * Totals of the payments list, 2 decimals (docs/product-spec.md §9). Only completed payments are paid; pending ones are
 * owed (they already lower the user's balance), and Total Recorded is both. A corrected payment gave its amount back:
 * it counts in none of them (docs/decisions/066).
 */
function PaymentsSummary({ payments }: { payments: PaymentJson[] }) {
  const total = (list: PaymentJson[]) => sumUsd(list.map((p) => p.amount_usd));
  const standing = payments.filter((p) => !p.reversal);
  const all = total(standing);
  const pending = total(standing.filter((p) => p.status === "pending"));
  const paid = total(standing.filter((p) => p.status === "completed"));
  return (
    <StatCards
      label="Payment totals"
      stats={[
        { label: "Total Paid", value: formatUsd(paid) },
        { label: "Pending", value: formatUsd(pending) },
        { label: "Total Recorded", value: formatUsd(all) },
      ]}
    />
  );
}
