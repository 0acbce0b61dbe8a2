import { type ReactNode, useId } from "react";
import { formatUsd } from "../../lib/format";
import { card } from "../ui";

type BalanceCardProps = {
  title: string;
  /** USD; shown with 3 decimals (docs/product-spec.md §9: balances 3). */
  amount: number;
  /**
   * The lines the balance is made of, e.g. ["Bonuses", "$10"], with the exact amount as a tooltip when the
   * value is rounded; together they add up to the balance.
   */
  details?: [label: string, value: string, exact?: string][];
  children?: ReactNode;
};

/** One wallet balance: a named region, so each card can be found (and read) on its own. */
export function BalanceCard({ title, amount, details = [], children }: BalanceCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-sm font-medium text-slate-400">
        {title}
      </h2>
      <p className="mt-2 text-3xl font-semibold tabular-nums text-white">{formatUsd(amount, 3)}</p>
      {details.length > 0 ? (
        <dl className="mt-4 space-y-1 text-sm">
          {details.map(([label, value, exact]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-slate-400">{label}</dt>
              <dd className="tabular-nums text-slate-200" title={exact}>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {children}
    </section>
  );
}
