import { nowIso } from "../../lib/time";
import type { Db } from "../client";
import { auditStatementWhen, type AuditEntry } from "./audit";
import { availableSql } from "./balance-parts";

/** A table of credits an admin may change by hand, and which of its rows count toward a balance. */
export type CreditTable = { table: "earnings" | "bonuses"; amount: "amount_micros" | "total_micros"; counts: string };
export const MANUAL_EARNINGS: CreditTable = { table: "earnings", amount: "amount_micros", counts: "1" };
export const MANUAL_BONUSES: CreditTable = { table: "bonuses", amount: "total_micros", counts: "status = 'awarded'" };

export type CreditChange = {
  id: string;
  userId: string;
  /** The new amount; 0 when the credit is deleted. */
  amountMicros: number;
  /** The admin confirmed leaving the user's payments uncovered. */
  override: boolean;
  audit: AuditEntry;
};

// ?1 credit id, ?2 user, ?3 new amount, ?4 override, ?5 now. A credit may shrink only while every payment
// stays covered: the user's available balance (as the payment guard counts it; manual credits are never
// held) less what the credit loses is not negative. Raising a credit, and a row that does not count, pass.
// Evaluated in the write itself, so a payment recorded at the same moment cannot slip between a check and
// the change.
const guard = (t: CreditTable) =>
  `(?4 = 1 or not (${t.counts}) or ?3 >= ${t.amount} or ${availableSql("?2", "?5")} - ${t.amount} + ?3 >= 0)`;

const params = (c: CreditChange) => [c.id, c.userId, c.amountMicros, c.override ? 1 : 0, nowIso()] as const;

/** Sets a manual credit's amount unless payments already drew on what it loses; returns whether written. */
export async function changeCreditAmount(db: Db, t: CreditTable, c: CreditChange) {
  const d1 = db.$client;
  const [write] = await d1.batch([
    d1.prepare(`update ${t.table} set ${t.amount} = ?3 where id = ?1 and kind = 'manual' and ${guard(t)}`).bind(...params(c)),
    auditStatementWhen(d1, c.audit, `exists (select 1 from ${t.table} where id = ?9 and ${t.amount} = ?10)`, c.id, c.amountMicros),
  ]);
  return (write!.meta.changes ?? 0) > 0;
}

/** Deletes a manual credit unless payments already drew on it; returns whether deleted. */
export async function deleteCredit(db: Db, t: CreditTable, c: Omit<CreditChange, "amountMicros">) {
  const d1 = db.$client;
  const [write] = await d1.batch([
    d1.prepare(`delete from ${t.table} where id = ?1 and kind = 'manual' and ${guard(t)}`).bind(...params({ ...c, amountMicros: 0 })),
    auditStatementWhen(d1, c.audit, `not exists (select 1 from ${t.table} where id = ?9)`, c.id),
  ]);
  return (write!.meta.changes ?? 0) > 0;
}
