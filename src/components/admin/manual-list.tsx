import { useState } from "react";
import { describeFailure } from "../../lib/api";
import { formatDate } from "../../lib/format";
import { queryKeys } from "../../lib/query-keys";
import { PageSpinner } from "../spinner";
import { buttonClass } from "../ui";
import { ClampedText, capitalize, EmptyMessage, num, Table, td, tdText, tdNum } from "./admin-ui";
import { AmountModal } from "./amount-modal";
import { sendWithOverride } from "./confirm-override";
import { ManualAddModal } from "./manual-add-modal";
import type { ManualKind, ManualRecord } from "./manual-kinds";
import { useAdminQuery, useRefreshAdminLists } from "../../queries/admin";

type Dialog = { type: "add" } | { type: "edit"; record: ManualRecord } | null;

/** One list of manual records; failures are logged only (docs/product-spec.md §8 "manual earning and bonus actions"). */
export function ManualList({ kind }: { kind: ManualKind }) {
  const refreshAdminLists = useRefreshAdminLists();
  const { data: records, firstLoad } = useAdminQuery(
    queryKeys.admin.list("manual", kind.noun),
    kind.load,
    `Failed to load manual ${kind.noun} records`,
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const Noun = capitalize(kind.noun);

  const remove = async (record: ManualRecord) => {
    if (!window.confirm(kind.confirmDelete)) return;
    try {
      // A credit payments already drew on asks once more, with the amounts (the server's 409).
      if (await sendWithOverride((override) => kind.remove(record.id, override))) refreshAdminLists();
    } catch (error) {
      console.error(describeFailure(`Failed to delete ${kind.noun}`, error));
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <button type="button" className={buttonClass()} onClick={() => setDialog({ type: "add" })}>
          Add {Noun}
        </button>
      </div>
      {firstLoad ? (
        <PageSpinner />
      ) : !records || records.length === 0 ? (
        <EmptyMessage title={kind.empty} />
      ) : (
        <Table
          caption={`Manual ${kind.noun} records`}
          columns={["User", num("Amount"), "Description", "Date", { label: "Actions", hidden: true }]}
        >
          {records.map((record) => (
            <tr key={record.id}>
              <td className={tdText}>{record.email}</td>
              <td className={tdNum}>{kind.format(record.amount)}</td>
              <td className={`${tdText} text-slate-300`}>
                {record.description ? <ClampedText text={record.description} /> : "—"}
              </td>
              <td className={`${td} whitespace-nowrap`}>{formatDate(record.created_at)}</td>
              <td className={`${td} whitespace-nowrap text-right`}>
                <button
                  type="button"
                  aria-label={`Edit ${kind.noun} for ${record.email}`}
                  className={buttonClass("ghost")}
                  onClick={() => setDialog({ type: "edit", record })}
                >
                  Edit
                </button>
                <button
                  type="button"
                  aria-label={`Delete ${kind.noun} for ${record.email}`}
                  className={buttonClass("ghost")}
                  onClick={() => void remove(record)}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
      {dialog?.type === "add" ? <ManualAddModal kind={kind} onClose={() => setDialog(null)} /> : null}
      {dialog?.type === "edit" ? (
        <AmountModal
          title={`Edit ${Noun}`}
          record={dialog.record}
          step={kind.step}
          onSave={(amount, override) => kind.change(dialog.record.id, amount, override)}
          failure={`Failed to update ${kind.noun}`}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
