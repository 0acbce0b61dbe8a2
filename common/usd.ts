import { MICROS_PER_USD } from "./money";

// One way to write a USD amount, for every screen and export (docs/decisions/032). Amounts are whole
// micro-dollars and, in practice, multiples of $0.001 (a view pays $0.003), so a figure is written exactly:
// whole cents with two decimals ($25.00, $5.50), anything else with as many decimals as it needs, at least
// three ($0.003, $0.021, $30.021) and at most six. Nothing is ever rounded, so the lines of a card add up
// to its total as displayed.

const CENT_MICROS = MICROS_PER_USD / 100;

/** The amount as whole micro-dollars (API amounts are USD numbers; floats like 0.1 + 0.2 are absorbed here). */
const microsOf = (amount: number) => Math.round(amount * MICROS_PER_USD);

function digits(micros: number, grouping: boolean): string {
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / MICROS_PER_USD);
  const fraction = String(abs % MICROS_PER_USD).padStart(6, "0");
  const decimals = abs % CENT_MICROS === 0 ? fraction.slice(0, 2) : fraction.replace(/0+$/, "").padEnd(3, "0");
  const wholeText = grouping ? whole.toLocaleString("en-US") : String(whole);
  return `${wholeText}.${decimals}`;
}

/** "$25.00", "$5.50", "$0.003", "−$0.003" (a true minus sign), "$1,234.50": for people to read. */
export function formatUsd(amount: number): string {
  const micros = microsOf(amount);
  return `${micros < 0 ? "−" : ""}$${digits(micros, true)}`;
}

/** "25.00", "0.003", "-0.003": the same decimals without sign or grouping, for CSV cells a spreadsheet sums. */
export function plainUsd(amount: number): string {
  const micros = microsOf(amount);
  return `${micros < 0 ? "-" : ""}${digits(micros, false)}`;
}

/**
 * A figure derived from amounts that no one is paid, such as a daily average: to the cent, as report figures
 * are (docs/product-spec.md §9 "Display of amounts"), so "$2.000033" reads "$2.00". Something under half a cent
 * reads "< $0.01", not "$0.00", so a day's earnings never look like none. Never for an amount of the ledger,
 * which formatUsd writes exactly so lines add up to their totals.
 */
export function formatUsdToCents(amount: number): string {
  const cents = Math.round(microsOf(amount) / CENT_MICROS);
  if (cents === 0 && microsOf(amount) !== 0) return `${amount < 0 ? "> −" : "< "}$0.01`;
  return formatUsd(cents / 100);
}
