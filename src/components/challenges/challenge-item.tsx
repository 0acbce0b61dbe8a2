import type { ChallengeProgressResponse } from "../../../common/schemas/challenges";
import { BonusAmount } from "../bonus-amount";
import { ProgressBar } from "./progress-bar";
import { requirementText } from "./requirement-text";

export type ChallengeEntry = ChallengeProgressResponse["progress"][number];

/**
 * One challenge: what to do (said from its requirement, not the admin's description, so it matches what is
 * counted), how far along the user is, and what it is worth.
 */
export function ChallengeItem({ entry, qualifyPercent }: { entry: ChallengeEntry; qualifyPercent: number }) {
  const { challenge, is_completed: done } = entry;
  const target = challenge.requirement_value;
  // Progress is recomputed from records and may pass the target; the row counts up to the target only.
  const value = Math.min(entry.progress_value, target);
  return (
    <li
      aria-label={challenge.name}
      className={`flex gap-4 rounded-xl border p-4 ${done ? "border-emerald-500/30 bg-emerald-950/20" : "border-slate-800 bg-slate-950/40"}`}
    >
      {done ? (
        <span
          role="img"
          aria-label="Completed"
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-emerald-500 text-sm font-bold text-slate-950"
        >
          ✓
        </span>
      ) : (
        <span aria-hidden="true" className="size-7 shrink-0 rounded-full border-2 border-slate-700" />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <h3 className="font-medium text-slate-100">{challenge.name}</h3>
          <span className="shrink-0 rounded-full bg-violet-500/15 px-2.5 py-0.5 text-sm font-semibold tabular-nums text-violet-200">
            <BonusAmount amount={challenge.bonus_amount} />
          </span>
        </div>
        <p className="mt-1 text-sm text-slate-400">{requirementText(challenge, qualifyPercent)}</p>
        <div className="mt-3 flex items-center gap-3">
          <ProgressBar
            size="sm"
            value={value}
            max={target}
            complete={done}
            label={`${challenge.name} progress`}
            valueText={`${value} of ${target}`}
          />
          <span className="w-14 shrink-0 text-right text-xs font-medium tabular-nums text-slate-400">
            {value} / {target}
          </span>
        </div>
      </div>
    </li>
  );
}
