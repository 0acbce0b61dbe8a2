// Amounts arrive from the API as USD numbers. Adding them as floats could show $0.006999… as $0.007 one day
// and $0.006 the next, so every sum goes through whole micro-dollars, as the server keeps money (docs/architecture.md §3).
import { MICROS_PER_USD } from "../../common/money";

export { MICROS_PER_USD };

export const sumUsd = (amounts: number[]) =>
  amounts.reduce((sum, amount) => sum + Math.round(amount * MICROS_PER_USD), 0) / MICROS_PER_USD;

/**
 * A typed amount with a comma is refused in words, never read: "25,50" may mean $25.50 or, with the thousands
 * separators our screens write ($2,550.00), $2,550, and a field that dropped the comma once turned $25.50 into
 * a request for $2,550.00. One refusal for both readings (docs/product-spec.md §9 "Display of amounts").
 */
export const COMMA_IN_AMOUNT = "Use a point for cents and no commas, like 25.50";
export const hasComma = (text: string) => /[,\uFF0C]/.test(text);
