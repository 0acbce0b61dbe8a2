import { useId } from "react";
import { formatUsd } from "../../lib/format";
import type { EarningRulesJson } from "../../../common/schemas/earning-rules";
import { card } from "../ui";

type HowEarningsWorkProps = {
  /** Undefined until GET /api/earning-rules answers: the lines that state a rule wait for it (docs/decisions/067). */
  rules: EarningRulesJson | undefined;
  minimumPayout: number;
};

/** A line of the list: a rule with its amount, if any, or a placeholder for one whose numbers have yet to arrive. */
type Line = { rule: string; amount?: string } | { loading: string };

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** Why a new reward is not payable yet (docs/decisions/019): the admin-tunable holding period. */
const holdText = (days: number) =>
  days > 0
    ? `New view rewards and sign-up bonuses stay pending for ${count(days, "day", "days")} before you can be paid them`
    : "New view rewards and sign-up bonuses are available at once";

/** The lines that state the server's rules, or as many placeholders while they load (so the list keeps its height). */
function ruleLines(rules: EarningRulesJson | undefined): { rate: Line[]; limits: Line[]; hold: Line[] } {
  if (!rules) {
    const loading = (n: number, name: string): Line[] =>
      Array.from({ length: n }, (_, i) => ({ loading: `${name}${i}` }));
    return { rate: loading(2, "rate"), limits: loading(3, "limit"), hold: loading(1, "hold") };
  }
  // Up to 6 decimals, so a reward finer than a tenth of a cent is not shown rounded.
  const reward = formatUsd(rules.reward_usd);
  return {
    rate: [
      { rule: `Watch at least ${rules.qualify_percent}% of a video or track`, amount: reward },
      { rule: `Others watch at least ${rules.qualify_percent}% of your content`, amount: reward },
    ],
    limits: [
      { rule: `At most ${count(rules.views_per_item_per_day, "paid view", "paid views")} per item per day` },
      { rule: `At most ${count(rules.daily_earnable_views, "paid view", "paid views")} per day` },
      { rule: `Items shorter than ${count(rules.min_earning_seconds, "second", "seconds")} do not earn` },
    ],
    hold: [{ rule: holdText(rules.earnings_hold_days) }],
  };
}

/**
 * The rules behind the numbers, in the viewer's words, with the limits as the server applies them
 * (docs/architecture.md §4 "A view"); this list only explains them. Until the server states them, each line
 * that would name one is a placeholder: no reward or limit is ever guessed.
 */
export function HowEarningsWork({ rules, minimumPayout }: HowEarningsWorkProps) {
  const headingId = useId();
  const { rate, limits, hold } = ruleLines(rules);
  const lines: Line[] = [
    ...rate,
    ...limits,
    { rule: "Only one video or track earns at a time" },
    { rule: "No earnings from your own uploads" },
    ...hold,
    { rule: "Payouts from", amount: formatUsd(minimumPayout) },
    // How one is paid (docs/decisions/036): an admin sends the money and records it; the member sees it listed.
    { rule: "Ask for a payout above; our team sends it and records it under Payment History" },
  ];
  return (
    <section aria-labelledby={headingId} aria-busy={!rules} className={card}>
      <h2 id={headingId} className="text-lg font-semibold">
        How Earnings Work
      </h2>
      {rules ? null : (
        <p role="status" className="sr-only">
          Loading the earning rules…
        </p>
      )}
      <ul className="mt-4 divide-y divide-slate-800 text-sm">
        {lines.map((line) =>
          "loading" in line ? (
            // As tall as a line of text (20 px), so the list does not move when the rules arrive.
            <li key={line.loading} aria-hidden="true" className="py-2">
              <span className="my-0.5 block h-4 w-2/3 animate-pulse rounded bg-slate-800" />
            </li>
          ) : (
            <li key={line.rule} className="flex justify-between gap-4 py-2">
              <span className="text-slate-300">{line.rule}</span>
              {line.amount ? <span className="font-medium tabular-nums text-emerald-300">{line.amount}</span> : null}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
