// Money is integer micro-dollars inside the server; USD numbers exist only at the API edge (docs/architecture.md §3).
export const MICROS_PER_USD = 1_000_000;

/** The smallest amount an admin may type, per kind of entry (docs/product-spec.md §5). */
export const MONEY_STEP = { earning: 0.001, bonus: 0.01, payment: 0.01 } as const;
export type MoneyStep = (typeof MONEY_STEP)[keyof typeof MONEY_STEP];

/** The largest amount one admin entry may carry. */
export const MAX_ENTRY_USD = 1_000_000;
