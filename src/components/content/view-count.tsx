// View counts (docs/decisions/047): qualified views, as the API counts them (`view_count`).

const full = new Intl.NumberFormat("en-US");
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** "1 view", "1,234 views"; `short` writes large counts as "12K views" for cards. */
export function formatViews(count: number, short = false): string {
  const number = short && count >= 10_000 ? compact.format(count) : full.format(count);
  return `${number} ${count === 1 ? "view" : "views"}`;
}

/** A count as a card shows it: short, the exact number in its tooltip. */
export function ViewCount({ count, className = "" }: { count: number; className?: string }) {
  return (
    <span title={formatViews(count)} className={`tabular-nums ${className}`}>
      {formatViews(count, true)}
    </span>
  );
}

/** The player's count, among the item's details: the exact number. */
export function ViewsTerm({ count }: { count: number }) {
  return (
    <div>
      <dt className="text-slate-400">Views</dt>
      <dd className="tabular-nums text-slate-200">{full.format(count)}</dd>
    </div>
  );
}
