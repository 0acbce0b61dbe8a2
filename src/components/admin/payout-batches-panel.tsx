import { useState } from "react";
import { payoutBatchCsvUrl } from "../../lib/admin-api";
import { formatDate } from "../../lib/format";
import { buttonClass } from "../ui";
import { Badge, num, Table, td, tdNum } from "./admin-ui";
import { formatUsd } from "./money";
import { BatchResultModal, type PayoutBatch } from "./payout-batch-result-modal";
import { batchOutcomeText } from "./payout-words";
import { usePayoutBatches } from "../../queries/admin-payouts";

// The payout batches, newest first (docs/decisions/066): what each sent, and for one still waiting its PayPal
// file and "Record result". A recorded batch says what was paid and returned. Its file is no longer offered:
// uploading it again would pay its members twice.

export function PayoutBatchesPanel() {
  const { data: batches } = usePayoutBatches();
  const [recording, setRecording] = useState<PayoutBatch | null>(null);
  const [recorded, setRecorded] = useState<PayoutBatch | null>(null);

  if (!batches || batches.length === 0) return null;
  return (
    <section aria-labelledby="payout-batches" className="min-w-0 space-y-4">
      <h2 id="payout-batches" className="text-lg font-semibold">
        Payout batches
      </h2>
      {recorded ? (
        <p
          role="status"
          className="rounded-2xl border border-emerald-800 bg-emerald-950/40 p-4 text-sm text-emerald-200"
        >
          <span className="font-semibold">Batch {recorded.id}.</span> Recorded: {batchOutcomeText(recorded)}
        </p>
      ) : null}
      <Table
        caption="Payout batches"
        columns={["Batch", "Sent", num("Requests"), num("Total"), "Status", { label: "Actions", hidden: true }]}
      >
        {batches.map((b) => (
          <tr key={b.id}>
            <td className={`${td} whitespace-nowrap font-medium`}>Batch {b.id}</td>
            <td className={`${td} min-w-40 max-w-64 wrap-anywhere`}>
              <span className="whitespace-nowrap">{formatDate(b.created_at)}</span>
              {b.created_by_email ? (
                <span className="block text-xs text-slate-400">by {b.created_by_email}</span>
              ) : null}
            </td>
            <td className={tdNum}>{b.count.toLocaleString("en-US")}</td>
            <td className={tdNum}>{formatUsd(b.total_usd)}</td>
            <td className={`${td} min-w-40`}>
              {b.status === "sent" ? (
                <Badge tone="yellow">Sent</Badge>
              ) : (
                <>
                  <Badge tone="green">Recorded</Badge>
                  <span className="mt-1 block text-xs text-slate-400 tabular-nums">{batchOutcomeText(b)}</span>
                  {b.recorded_at ? (
                    <span className="block text-xs text-slate-500">on {formatDate(b.recorded_at)}</span>
                  ) : null}
                </>
              )}
            </td>
            <td className={`${td} whitespace-nowrap text-right`}>
              {b.status === "sent" ? (
                <span className="inline-flex justify-end gap-2">
                  <a href={payoutBatchCsvUrl(b.id)} download className={buttonClass("secondary")}>
                    Download PayPal file
                  </a>
                  <button type="button" className={buttonClass("ghost")} onClick={() => setRecording(b)}>
                    Record result
                  </button>
                </span>
              ) : null}
            </td>
          </tr>
        ))}
      </Table>
      {recording ? (
        <BatchResultModal
          batch={recording}
          onClose={() => setRecording(null)}
          onRecorded={(b) => {
            setRecorded(b);
            setRecording(null);
          }}
        />
      ) : null}
    </section>
  );
}
