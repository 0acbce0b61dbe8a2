import { useState } from "react";
import { deletePayment, getAdminPayments, paymentsCsvUrl } from "../../lib/admin-api";
import { formatDate } from "../../lib/format";
import type { PaymentJson } from "../../lib/types";
import { queryKeys } from "../../lib/query-keys";
import { PageSpinner } from "../spinner";
import { buttonClass } from "../ui";
import { ClampedText, Badge, capitalize, EmptyMessage, num, StatCards, statusTone, Table, td, tdText, tdNum } from "./admin-ui";
import { formatUsd, sumUsd } from "./money";
import { PaymentModal } from "./payment-modal";
import { PayoutRequestsPanel } from "./payout-requests-panel";
import { removePayment } from "./payment-save";
import { useAdminQuery, useRefreshAdminLists } from "./use-admin-query";

type Dialog = { payment?: PaymentJson } | null;

/** Payments tab (docs/product-spec.md §2): totals, every payout with edit and delete, recording a new one, CSV export. */
export function PaymentsTab() {
  const refreshAdminLists = useRefreshAdminLists();
  const { data: payments, firstLoad } = useAdminQuery(queryKeys.admin.list("payments"), getAdminPayments, "Failed to load payments");
  const [dialog, setDialog] = useState<Dialog>(null);

  const remove = async (payment: PaymentJson) => {
    if (await removePayment(() => deletePayment(payment.id))) refreshAdminLists();
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap justify-end gap-2">
        <a href={paymentsCsvUrl} download className={buttonClass("secondary")}>Download CSV</a>
        <button type="button" className={buttonClass()} onClick={() => setDialog({})}>Record Payment</button>
      </div>
      {firstLoad ? (
        <PageSpinner />
      ) : (
        <>
          <PayoutRequestsPanel />
          <PaymentsSummary payments={payments ?? []} />
          {!payments || payments.length === 0 ? (
            <EmptyMessage title="No payments recorded yet" />
          ) : (
            <Table caption="Payments" columns={["User", num("Amount"), "Method", "Reference", "Status", "Date", "Notes", { label: "Actions", hidden: true }]}>
              {payments.map((p) => (
                <tr key={p.id}>
                  <td className={tdText}>{p.user_email}</td>
                  <td className={tdNum}>{formatUsd(p.amount_usd)}</td>
                  <td className={tdText}>{p.payment_method}</td>
                  <td className={`${tdText} text-slate-400`}>{p.payment_reference || "—"}</td>
                  <td className={td}><Badge tone={statusTone(p.status)}>{capitalize(p.status)}</Badge></td>
                  <td className={`${td} whitespace-nowrap`}>{formatDate(p.created_at)}</td>
                  <td className={`${tdText} text-slate-400`}>{p.notes ? <ClampedText text={p.notes} /> : "—"}</td>
                  <td className={`${td} whitespace-nowrap text-right`}>
                    <button type="button" aria-label={`Edit payment to ${p.user_email}`} className={buttonClass("ghost")} onClick={() => setDialog({ payment: p })}>Edit</button>
                    <button type="button" aria-label={`Delete payment to ${p.user_email}`} className={buttonClass("ghost")} onClick={() => void remove(p)}>Delete</button>
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </>
      )}
      {dialog ? <PaymentModal payment={dialog.payment} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

/**
 * Totals of the payments list, 2 decimals (docs/product-spec.md §9). Only completed payments are paid; pending ones are
 * owed (they already lower the user's balance), and Total Recorded is both.
 */
function PaymentsSummary({ payments }: { payments: PaymentJson[] }) {
  const total = (list: PaymentJson[]) => sumUsd(list.map((p) => p.amount_usd));
  const all = total(payments);
  const pending = total(payments.filter((p) => p.status === "pending"));
  const paid = total(payments.filter((p) => p.status === "completed"));
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
