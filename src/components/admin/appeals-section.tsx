import { useState } from "react";
import type { AppealOutcome } from "../../../common/appeals";
import type { AdminAppealJson } from "../../../common/schemas/appeals";
import { getAdminAppeals, type AppealFilter } from "../../lib/appeals-api";
import { queryKeys } from "../../lib/query-keys";
import { useAdminQuery } from "../../queries/admin";
import { FilterToggle } from "../filter-toggle";
import { PageSpinner } from "../spinner";
import { buttonClass } from "../ui";
import { EmptyMessage } from "./admin-ui";
import { AppealCard } from "./appeal-card";
import { AppealDecisionModal } from "./appeal-decision-modal";

const filters: [filter: AppealFilter, label: string][] = [
  ["open", "Open"],
  ["decided", "Decided"],
];
const empty = { open: "No open appeals", decided: "No decided appeals" } as const;

type Deciding = { appeal: AdminAppealJson; outcome: AppealOutcome };

/**
 * The Moderation tab's appeals (docs/decisions/092): open ones oldest first, so none waits behind newer ones, or
 * the latest decisions. An admin upholds or reverses each, with an optional note for the member.
 */
export function AppealsSection({ onDone }: { onDone: (outcome: string) => void }) {
  const [filter, setFilter] = useState<AppealFilter>("open");
  const appeals = useAdminQuery(
    queryKeys.admin.appeals(filter),
    (signal) => getAdminAppeals(filter, signal),
    "Failed to load appeals",
  );
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const items = appeals.data?.appeals ?? [];
  return (
    <div className="space-y-4">
      <FilterToggle label="Show appeals" options={filters} value={filter} onChange={setFilter} />
      {appeals.firstLoad ? (
        <PageSpinner />
      ) : appeals.failed ? (
        <div role="alert" className="space-y-3 rounded-2xl border border-dashed border-red-900 px-6 py-10 text-center">
          <p className="font-semibold text-slate-200">Appeals could not be loaded</p>
          <button type="button" className={buttonClass("secondary")} onClick={appeals.reload}>
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <EmptyMessage title={empty[filter]} />
      ) : (
        <ul aria-label={filter === "open" ? "Open appeals" : "Decided appeals"} className="space-y-4">
          {items.map((appeal) => (
            <li key={appeal.id}>
              <AppealCard appeal={appeal} onDecide={(outcome) => setDeciding({ appeal, outcome })} />
            </li>
          ))}
        </ul>
      )}
      {deciding ? <AppealDecisionModal {...deciding} onClose={() => setDeciding(null)} onDone={onDone} /> : null}
    </div>
  );
}
