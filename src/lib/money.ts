// Amounts arrive from the API as USD numbers. Adding them as floats could show $0.006999… as $0.007 one day
// and $0.006 the next, so every sum goes through whole micro-dollars, as the server keeps money (docs/architecture.md §3).
import { MICROS_PER_USD } from "../../common/money";

export { MICROS_PER_USD };

export const sumUsd = (amounts: number[]) =>
  amounts.reduce((sum, amount) => sum + Math.round(amount * MICROS_PER_USD), 0) / MICROS_PER_USD;
