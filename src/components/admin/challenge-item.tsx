import { useState } from "react";
import { changeChallenge } from "../../lib/admin-api";
import type { ChallengeJson } from "../../../common/schemas/challenges";
import { BonusAmount } from "../bonus-amount";
import { buttonClass } from "../ui";
import { Badge } from "./admin-ui";
import { changedFields, draftOf, requirementLabels } from "./challenge-draft";
import { ChallengeForm } from "./challenge-form";
import { useRefreshAdminLists } from "../../queries/admin";

/** One challenge: its terms, and Edit to change them in place (only users enrolled afterwards see it). */
export function ChallengeItem({ challenge }: { challenge: ChallengeJson }) {
  const refreshAdminLists = useRefreshAdminLists();
  const [editing, setEditing] = useState(false);
  const c = challenge;
  return (
    <li aria-label={c.name} className="rounded-xl border border-slate-800 p-4">
      {editing ? (
        <ChallengeForm
          initial={draftOf(c)}
          submitLabel="Save Challenge"
          onCancel={() => setEditing(false)}
          onSubmit={async (input) => {
            const changes = changedFields(c, input);
            if (Object.keys(changes).length > 0) {
              await changeChallenge(c.id, changes);
              refreshAdminLists();
            }
            setEditing(false);
          }}
        />
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="min-w-0 font-semibold wrap-anywhere">{c.name}</h3>
              <Badge tone={c.is_active ? "green" : "slate"}>{c.is_active ? "Active" : "Disabled"}</Badge>
            </div>
            <p className="text-sm wrap-anywhere text-slate-300">{c.description}</p>
            <p className="text-sm text-slate-400 tabular-nums">
              {requirementLabels[c.requirement_type]}: {c.requirement_value} · Bonus{" "}
              <BonusAmount amount={c.bonus_amount} /> · {c.time_limit_hours} hours
            </p>
          </div>
          <button
            type="button"
            aria-label={`Edit ${c.name}`}
            className={buttonClass("secondary")}
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
        </div>
      )}
    </li>
  );
}
