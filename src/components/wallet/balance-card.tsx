import { type ReactNode, useId } from "react";
import { formatUsd } from "../../lib/format";
import { card } from "../ui";

/** A labelled amount: [label, shown value]. Values are exact (docs/decisions/032), so no tooltip is needed. */
export type BalanceLine = [label: string, value: string];

type BalanceCardProps = {
  title: string;
  /** USD; shown exactly (docs/decisions/032). */
  amount: number;
  /** The lines the balance is made of, e.g. ["Sign-on bonus", "$5.50"]; together they add up to the balance. */
  details?: BalanceLine[];
  /**
   * How much of the balance can be paid now and how much is still held (docs/decisions/019): the balance split
   * in two, not another term of it, so it sits apart below a rule; these lines add up to the balance as well.
   */
  split?: BalanceLine[];
  children?: ReactNode;
};

/** One wallet balance: a named region, so each card can be found (and read) on its own. */
export function BalanceCard({ title, amount, details = [], split = [], children }: BalanceCardProps) {
  const headingId = useId();
  return (
    // min-w-0: a grid item that never grows wider than its column, whatever text it holds.
    <section aria-labelledby={headingId} className={`${card} min-w-0`}>
      <h2 id={headingId} className="text-sm font-medium text-slate-400">
        {title}
      </h2>
      <p className="mt-2 text-3xl font-semibold tabular-nums text-white">{formatUsd(amount)}</p>
      {details.length > 0 ? <Lines lines={details} className="mt-4" /> : null}
      {split.length > 0 ? <Lines lines={split} className="mt-3 border-t border-slate-800 pt-3" /> : null}
      {children}
    </section>
  );
}

function Lines({ lines, className }: { lines: BalanceLine[]; className: string }) {
  return (
    <dl className={`space-y-1 text-sm ${className}`}>
      {lines.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-slate-400">{label}</dt>
          <dd className="tabular-nums text-slate-200">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
