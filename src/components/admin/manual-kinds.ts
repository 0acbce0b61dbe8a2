import { MONEY_STEP, type MoneyStep } from "../../../common/money";
import {
  addManualBonus,
  addManualEarning,
  changeManualBonus,
  changeManualEarning,
  deleteManualBonus,
  deleteManualEarning,
  getManualBonuses,
  getManualEarnings,
} from "../../lib/admin-api";
import { formatUsd } from "./money";

/** A manual earning or bonus, as its list shows it. */
export type ManualRecord = { id: string; email: string; amount: number; description: string; created_at: string };

/** What differs between the Manual Earnings and Manual Bonuses lists (docs/product-spec.md §2, §5, §8). */
export type ManualKind = {
  noun: "earning" | "bonus";
  empty: string;
  confirmDelete: string;
  /** The amount field's step: earnings to the tenth of a cent (a view pays $0.003), bonuses to the cent. */
  step: MoneyStep;
  format: (amount: number) => string;
  load: (signal: AbortSignal) => Promise<ManualRecord[]>;
  add: (input: { user_id: string; amount: number; description: string }) => Promise<unknown>;
  /** `override`: the admin confirmed lowering or deleting a credit that payments already drew on. */
  change: (id: string, amount: number, override?: boolean) => Promise<unknown>;
  remove: (id: string, override?: boolean) => Promise<unknown>;
};

export const manualEarnings: ManualKind = {
  noun: "earning",
  empty: "No manual earnings yet",
  confirmDelete: "Are you sure you want to delete this earning record? This will adjust the user's balance.",
  step: MONEY_STEP.earning,
  // Exact, like every amount (docs/decisions/032): an amount in steps of 0.001 must not look rounded.
  format: formatUsd,
  load: async (signal) =>
    (await getManualEarnings(signal)).map((e) => ({
      id: e.id,
      email: e.creator_email,
      amount: e.amount_usd,
      description: e.description,
      created_at: e.created_at,
    })),
  add: ({ user_id, amount, description }) => addManualEarning({ user_id, amount_usd: amount, description }),
  change: changeManualEarning,
  remove: deleteManualEarning,
};

export const manualBonuses: ManualKind = {
  noun: "bonus",
  empty: "No manual bonuses yet",
  confirmDelete: "Are you sure you want to delete this bonus record? This will adjust the user's balance.",
  step: MONEY_STEP.bonus,
  // Cents and all ($5.50), never whole dollars (docs/decisions/032).
  format: formatUsd,
  load: async (signal) =>
    (await getManualBonuses(signal)).map((b) => ({
      id: b.id,
      email: b.user_email,
      amount: b.total_bonus_amount,
      description: b.description,
      created_at: b.created_at,
    })),
  add: ({ user_id, amount, description }) => addManualBonus({ user_id, total_bonus_amount: amount, description }),
  change: changeManualBonus,
  remove: deleteManualBonus,
};
