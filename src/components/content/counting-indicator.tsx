import type { ViewRewardJson } from "../../../common/schemas/earning-rules";
import { playerReasonText } from "../../../common/earning-policy";
import { formatUsd } from "../../lib/format";
import type { CountingStatus } from "../../lib/counting-status";
import { useViewReward } from "../../queries/earning-rules";

// The player's "is this view counting?" line (docs/product-spec.md "Is this view counting?"; docs/decisions/035).
// The reward, the share that earns and every reason's words are the earning policy's (docs/decisions/067): the
// numbers as the server answers them (GET /api/view-reward), the words from common/earning-policy.ts.

/**
 * How far the view is from the share that earns. Past it, the view waits only for the media's bytes to have
 * reached this device (docs/decisions/029), which the player goes on loading by itself.
 */
function progressText(watched: number | undefined, qualifyPercent: number): string {
  if (watched === undefined) return "";
  if (watched >= qualifyPercent) return ` — watched enough; waiting for the rest of the media to load`;
  return ` — ${watched} % watched, ${qualifyPercent} % earns`;
}

function countingText(status: Exclude<CountingStatus, null>, rules: ViewRewardJson): string {
  const reward = formatUsd(rules.reward_usd);
  switch (status.state) {
    case "counting":
      return `Counting toward ${reward}${progressText(status.watched, rules.qualify_percent)}`;
    case "earned":
      return `Qualified for ${reward} — your wallet shows it within a minute`;
    case "not_earning":
      return `Not earning: ${playerReasonText(status.reason, rules)}`;
  }
}

const tone = { counting: "text-violet-300", earned: "text-emerald-300", not_earning: "text-slate-400" } as const;

/**
 * A small live line under the player. The live region is always there (screen readers announce changes only
 * in a region that already exists); it holds text once a view has started and the server has told the reward.
 */
export function CountingIndicator({ status }: { status: CountingStatus }) {
  const rules = useViewReward();
  const shown = status && rules ? { tone: tone[status.state], text: countingText(status, rules) } : null;
  return (
    <p aria-live="polite" className={`min-h-5 text-sm ${shown?.tone ?? ""}`}>
      {shown?.text ?? null}
    </p>
  );
}
