import { useId } from "react";
import { formatUsd } from "../../lib/format";
import { card } from "../ui";

// Spec §9. The server applies these rules (DESIGN.md §4 "A view"); this list only explains them.
const VIEW_REWARD_USD = 0.003;
const QUALIFY_PERCENT = 80;
const PAID_VIEWS_PER_ITEM_PER_DAY = 3;

/** The rules behind the numbers, in the viewer's words. */
export function HowEarningsWork({ minimumPayout }: { minimumPayout: number }) {
  const headingId = useId();
  const reward = formatUsd(VIEW_REWARD_USD, 3);
  const rules: [rule: string, amount?: string][] = [
    [`Watch at least ${QUALIFY_PERCENT}% of a video or track`, reward],
    [`Others watch at least ${QUALIFY_PERCENT}% of your content`, reward],
    [`At most ${PAID_VIEWS_PER_ITEM_PER_DAY} paid views per item per day`],
    ["No earnings from your own uploads"],
    ["Payouts from", formatUsd(minimumPayout, 2)],
  ];
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-lg font-semibold">
        How Earnings Work
      </h2>
      <ul className="mt-4 divide-y divide-slate-800 text-sm">
        {rules.map(([rule, amount]) => (
          <li key={rule} className="flex justify-between gap-4 py-2">
            <span className="text-slate-300">{rule}</span>
            {amount ? <span className="font-medium tabular-nums text-emerald-300">{amount}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
