import { MAX_ENTRY_USD, type MoneyStep } from "../../../common/money";
import { formatUsd } from "../../lib/format";
import { COMMA_IN_AMOUNT, hasComma, MICROS_PER_USD } from "../../lib/money";

// Amounts are written with formatUsd (src/lib/format.ts), exactly, by one rule for every screen (docs/decisions/032).

const MICROS = MICROS_PER_USD;

// One definition of each for the whole SPA (src/lib/money.ts); re-exported for the admin screens.
export { sumUsd } from "../../lib/money";
export { formatUsd } from "../../lib/format";

/**
 * What a number field holds as a number, or null when it is empty or not a number. The typographic minus
 * (U+2212, what some keyboards and pasted text give) reads as a minus, so "−5" is refused as negative in words
 * rather than read as 5 or as no number at all.
 */
export function readAmount(text: string): number | null {
  // Dollars as people write them: digits with at most one point. Number() would also read "0x10" as 16 and
  // "1e3" as 1000, amounts nobody meant.
  const typed = text.trim().replace(/\u2212/g, "-");
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(typed)) return null;
  return Number(typed);
}

/**
 * Checks a typed amount against the field's rules (min 0, at most MAX_ENTRY_USD, a multiple of `step`, more
 * than 0 when `positive`), the bounds of the server's usdInput (common/schemas/money-fields.ts), so the form
 * can say what is wrong before sending. Browsers' own number checks are not used: they differ between
 * engines for decimal steps.
 */
export function amountProblem(text: string, step: MoneyStep, opts: { positive?: boolean } = {}): string | null {
  if (text.trim() === "") return null;
  if (hasComma(text)) return COMMA_IN_AMOUNT;
  const value = readAmount(text);
  if (value === null) return "Enter an amount in dollars";
  if (value < 0) return "The amount cannot be negative";
  if (value > MAX_ENTRY_USD) return `Enter at most ${formatUsd(MAX_ENTRY_USD)}: one entry cannot carry more`;
  const micros = value * MICROS;
  const stepMicros = Math.round(step * MICROS);
  if (Math.abs(micros - Math.round(micros)) > 1e-6 || Math.round(micros) % stepMicros !== 0) {
    return `Use steps of ${step} (at most ${String(step).split(".")[1]?.length ?? 0} decimals)`;
  }
  if (opts.positive && value === 0) return "Enter an amount more than $0.00";
  return null;
}
