import { useId } from "react";
import { formatUsd } from "../../lib/format";
import type { EarningRulesJson } from "../../../common/schemas/earning-rules";
import { card } from "../ui";

type HowEarningsWorkProps = { rules: EarningRulesJson; minimumPayout: number };

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** Why a new reward is not payable yet (docs/decisions/019): the admin-tunable holding period. */
const holdText = (days: number) =>
  days > 0
    ? `New view rewards and sign-up bonuses stay pending for ${count(days, "day", "days")} before you can be paid them`
    : "New view rewards and sign-up bonuses are available at once";

/**
 * The rules behind the numbers, in the viewer's words, with the limits as the server applies them
 * (docs/architecture.md §4 "A view"); this list only explains them.
 */
export function HowEarningsWork({ rules, minimumPayout }: HowEarningsWorkProps) {
  const headingId = useId();
  // Up to 6 decimals, so a reward finer than a tenth of a cent is not shown rounded.
  const reward = formatUsd(rules.reward_usd);
  const lines: [rule: string, amount?: string][] = [
    [`Watch at least ${rules.qualify_percent}% of a video or track`, reward],
    [`Others watch at least ${rules.qualify_percent}% of your content`, reward],
    [`At most ${count(rules.views_per_item_per_day, "paid view", "paid views")} per item per day`],
    [`At most ${count(rules.daily_earnable_views, "paid view", "paid views")} per day`],
    [`Items shorter than ${count(rules.min_earning_seconds, "second", "seconds")} do not earn`],
    ["Only one video or track earns at a time"],
    ["No earnings from your own uploads"],
    [holdText(rules.earnings_hold_days)],
    ["Payouts from", formatUsd(minimumPayout)],
    // How one is paid (docs/decisions/036): an admin sends the money and records it; the member sees it listed.
    ["Ask for a payout above; our team sends it and records it under Payment History"],
  ];
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-lg font-semibold">
        How Earnings Work
      </h2>
      <ul className="mt-4 divide-y divide-slate-800 text-sm">
        {lines.map(([rule, amount]) => (
          <li key={rule} className="flex justify-between gap-4 py-2">
            <span className="text-slate-300">{rule}</span>
            {amount ? <span className="font-medium tabular-nums text-emerald-300">{amount}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
