// Balances arrive as USD floats; adding them as floats could show $0.006999… as $0.007 one day and
// $0.006 the next. Sums go through whole micro-dollars, as the server keeps them (DESIGN.md §3).
const MICROS = 1_000_000;

export const addUsd = (...amounts: number[]) =>
  amounts.reduce((sum, amount) => sum + Math.round(amount * MICROS), 0) / MICROS;

export const subtractUsd = (from: number, amount: number) => addUsd(from, -amount);
