import {
  changeCreditAmount,
  deleteCredit,
  insertManualCredit,
  MANUAL_BONUSES,
  MANUAL_EARNINGS,
  type CreditRecord,
  type CreditSchema,
  type CreditTable,
} from "../../db/queries/earnings/credit-writes";
import { notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminCall } from "./admin-context";
import { paidOutRefusal } from "./paid-out-credit";

// Manual earnings and manual bonuses (docs/product-spec.md §5) are one kind of record in two tables: an
// admin's credit, available at once, audited in the batch that writes it. Each write is one conditional
// statement; a refused one answers from the same batch's read-back: 404 when the credit is not there, 409
// when payments already drew on what the change takes away (docs/decisions/017).

type ManualCreditKind<T extends CreditSchema> = {
  table: CreditTable<T>;
  missing: string;
  defaultDescription: string;
};

const EARNING: ManualCreditKind<typeof MANUAL_EARNINGS.schema> = {
  table: MANUAL_EARNINGS,
  missing: "Manual earning not found",
  defaultDescription: "Manual earning",
};
const BONUS: ManualCreditKind<typeof MANUAL_BONUSES.schema> = {
  table: MANUAL_BONUSES,
  missing: "Manual bonus not found",
  defaultDescription: "Manual bonus",
};

export type NewManualCredit = { userId: string; amountMicros: number; description: string };
export type ManualCreditChange = { id: string; amountMicros: number; override: boolean };
export type ManualCreditRemoval = { id: string; override: boolean };

const refusal = <T extends CreditSchema>(
  kind: ManualCreditKind<T>,
  credit: CreditRecord<T>,
  newMicros: number | null,
) =>
  paidOutRefusal({
    noun: kind.table.entity,
    amountMicros: credit.amountMicros,
    newMicros,
    balanceMicros: credit.availableMicros,
  });

async function create<T extends CreditSchema>(kind: ManualCreditKind<T>, { ctx, input }: AdminCall<NewManualCredit>) {
  checkAdmin(ctx);
  const { written, credit } = await insertManualCredit(ctx.db, kind.table, {
    id: newId(),
    userId: input.userId,
    amountMicros: input.amountMicros,
    description: input.description || kind.defaultDescription,
    actorId: ctx.actor.id,
    now: nowIso(),
  });
  if (!written || !credit) throw notFound("user_id: no such user");
  return { row: credit.row, email: credit.email };
}

async function update<T extends CreditSchema>(
  kind: ManualCreditKind<T>,
  { ctx, input }: AdminCall<ManualCreditChange>,
) {
  checkAdmin(ctx);
  const { written, credit } = await changeCreditAmount(ctx.db, kind.table, {
    ...input,
    actorId: ctx.actor.id,
    now: nowIso(),
  });
  if (!credit) throw notFound(kind.missing);
  if (!written) throw refusal(kind, credit, input.amountMicros);
  return { row: credit.row, email: credit.email };
}

async function remove<T extends CreditSchema>(
  kind: ManualCreditKind<T>,
  { ctx, input }: AdminCall<ManualCreditRemoval>,
) {
  checkAdmin(ctx);
  const { written, credit } = await deleteCredit(ctx.db, kind.table, {
    ...input,
    actorId: ctx.actor.id,
    now: nowIso(),
  });
  if (written) return;
  if (!credit) throw notFound(kind.missing);
  throw refusal(kind, credit, null);
}

export const createManualEarning = (call: AdminCall<NewManualCredit>) => create(EARNING, call);
export const updateManualEarning = (call: AdminCall<ManualCreditChange>) => update(EARNING, call);
export const deleteManualEarning = (call: AdminCall<ManualCreditRemoval>) => remove(EARNING, call);

export const createManualBonus = (call: AdminCall<NewManualCredit>) => create(BONUS, call);
export const updateManualBonus = (call: AdminCall<ManualCreditChange>) => update(BONUS, call);
export const deleteManualBonus = (call: AdminCall<ManualCreditRemoval>) => remove(BONUS, call);
