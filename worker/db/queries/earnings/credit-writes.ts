import { getTableName } from "drizzle-orm";
import { newId } from "../../../lib/ids";
import type { Db } from "../../client";
import { bonuses, earnings } from "../../schema";
import { prepareShared, rowAuditSql } from "../audit/audited-change";
import { rowColumnsSql } from "../row-columns";
import { availableSql } from "../wallet/balance-parts";

export type CreditSchema = typeof earnings | typeof bonuses;

/** A table of credits an admin enters and changes by hand, and which of its rows count toward a balance. */
export type CreditTable<T extends CreditSchema> = {
  schema: T;
  entity: "earning" | "bonus";
  amount: "amount_micros" | "total_micros";
  /** Whether the row `c` counts toward its user's balance. */
  counts: string;
  /** What a manual row holds besides id, user, kind, amount, description and its times (?4 now, ?5 the admin). */
  manual: { columns: string; values: string };
  /** The audit log's record of the row `c`, `amount` standing for its amount. */
  auditJson: (amount: string) => string;
};

// Entered by an admin: available at once, never held (docs/decisions/019).
export const MANUAL_EARNINGS: CreditTable<typeof earnings> = {
  schema: earnings,
  entity: "earning",
  amount: "amount_micros",
  counts: "1",
  manual: { columns: "created_by", values: "?5" },
  auditJson: (amount) => `json_object('user_id', c.user_id, 'amount_micros', ${amount}, 'description', c.description)`,
};
export const MANUAL_BONUSES: CreditTable<typeof bonuses> = {
  schema: bonuses,
  entity: "bonus",
  amount: "total_micros",
  counts: "c.status = 'awarded'",
  manual: { columns: "challenge_ids, status, awarded_at", values: "'Manual', 'awarded', ?4" },
  auditJson: (amount) =>
    `json_object('user_id', c.user_id, 'total_micros', ${amount}, 'status', c.status, 'description', c.description)`,
};

// The parameters every statement of one credit change shares: ?1 credit id, ?2 its new amount (0 when
// deleted), ?3 override, ?4 now, ?5 the admin, ?6 the audit row's id; a new credit's ?7 user, ?8 description.
type Params = [
  id: string,
  amount: number,
  override: 0 | 1,
  now: string,
  actor: string,
  auditId: string,
  user?: string,
  description?: string,
];

// A credit may shrink only while every payment stays covered: the user's available balance (as the payment
// guard counts it; manual credits are never held) less what the credit loses is not negative. Raising a
// credit, and a row that does not count, pass. Evaluated in the write itself, so a payment recorded at the
// same moment cannot slip between a check and the change.
const changeable = <T extends CreditSchema>(t: CreditTable<T>) =>
  `c.id = ?1 and c.kind = 'manual'
   and (?3 = 1 or not (${t.counts}) or ?2 >= c.${t.amount} or ${availableSql("c.user_id", "?4")} - c.${t.amount} + ?2 >= 0)`;

// The credit as the batch left it (no row once it is gone), its user's email, and what that user may draw on.
const readBack = <T extends CreditSchema>(t: CreditTable<T>) =>
  `select ${rowColumnsSql(t.schema, "c")}, c.${t.amount} as "creditMicros", u.email as "email",
     ${availableSql("c.user_id", "?4")} as "availableMicros"
   from ${getTableName(t.schema)} c join users u on u.id = c.user_id where c.id = ?1 and c.kind = 'manual'`;

export type CreditRecord<T extends CreditSchema> = {
  row: T["$inferSelect"];
  email: string;
  amountMicros: number;
  availableMicros: number;
};
/** Whether the write happened, and the credit as it is after the batch (null when there is none). */
export type CreditWrite<T extends CreditSchema> = { written: boolean; credit: CreditRecord<T> | null };

type ReadBack = Record<string, unknown> & { creditMicros: number; email: string; availableMicros: number };

async function run<T extends CreditSchema>(
  db: Db,
  writeAt: number,
  texts: string[],
  params: Params,
): Promise<CreditWrite<T>> {
  const d1 = db.$client;
  const results = await d1.batch(texts.map((text) => prepareShared(d1, text, params)));
  const written = (results[writeAt]!.meta.changes ?? 0) > 0;
  const found = results.at(-1)!.results[0] as ReadBack | undefined;
  if (!found) return { written, credit: null };
  const { creditMicros, email, availableMicros, ...row } = found;
  return { written, credit: { row: row as T["$inferSelect"], email, amountMicros: creditMicros, availableMicros } };
}

const audit = <T extends CreditSchema>(
  t: CreditTable<T>,
  a: Pick<Parameters<typeof rowAuditSql>[0], "action" | "where" | "before" | "after">,
) =>
  rowAuditSql({ ...a, entity: t.entity, table: getTableName(t.schema), alias: "c", id: "?6", actor: "?5", now: "?4" });

export type NewCredit = {
  id: string;
  userId: string;
  amountMicros: number;
  description: string;
  actorId: string;
  now: string;
};

/** Inserts a manual credit for an existing user, audited; not written when there is no such user. */
export function insertManualCredit<T extends CreditSchema>(db: Db, t: CreditTable<T>, c: NewCredit) {
  return run<T>(
    db,
    0,
    [
      `insert into ${getTableName(t.schema)} (id, user_id, kind, ${t.amount}, description, created_at, available_at, ${t.manual.columns})
     select ?1, u.id, 'manual', ?2, ?8, ?4, ?4, ${t.manual.values} from users u where u.id = ?7`,
      audit(t, { action: "create", where: "c.id = ?1", before: null, after: t.auditJson(`c.${t.amount}`) }),
      readBack(t),
    ],
    [c.id, c.amountMicros, 0, c.now, c.actorId, newId(), c.userId, c.description],
  );
}

export type CreditChange = { id: string; amountMicros: number; override: boolean; actorId: string; now: string };

/** Sets a manual credit's amount unless payments already drew on what it loses; audited only when written. */
export function changeCreditAmount<T extends CreditSchema>(db: Db, t: CreditTable<T>, c: CreditChange) {
  const where = changeable(t);
  return run<T>(
    db,
    1,
    [
      audit(t, { action: "update", where, before: t.auditJson(`c.${t.amount}`), after: t.auditJson("?2") }),
      `update ${getTableName(t.schema)} as c set ${t.amount} = ?2 where ${where}`,
      readBack(t),
    ],
    [c.id, c.amountMicros, c.override ? 1 : 0, c.now, c.actorId, newId()],
  );
}

/** Deletes a manual credit unless payments already drew on it; audited only when deleted. */
export function deleteCredit<T extends CreditSchema>(db: Db, t: CreditTable<T>, c: Omit<CreditChange, "amountMicros">) {
  const where = changeable(t);
  return run<T>(
    db,
    1,
    [
      audit(t, { action: "delete", where, before: t.auditJson(`c.${t.amount}`), after: null }),
      `delete from ${getTableName(t.schema)} as c where ${where}`,
      readBack(t),
    ],
    [c.id, 0, c.override ? 1 : 0, c.now, c.actorId, newId()],
  );
}
