import { and, eq } from "drizzle-orm";
import { newId } from "../../../lib/ids";
import type { Db } from "../../client";
import { bonuses } from "../../schema";
import { notifyOnceSql } from "../notifications/notification-writes";
import { heldUntilSql } from "../earnings/earning-rule-settings";

export type SignonBonus = typeof bonuses.$inferSelect;

export async function findSignonBonus(db: Db, id: string): Promise<SignonBonus | null> {
  return (
    (await db
      .select()
      .from(bonuses)
      .where(and(eq(bonuses.id, id), eq(bonuses.kind, "signon")))
      .get()) ?? null
  );
}

export type BonusSettlement = {
  bonusId: string;
  actorId: string;
  status: "awarded" | "rejected";
  awardedAt: string | null;
  note: string;
  now: string;
  /** The audit row's before and after. */
  before: unknown;
  after: unknown;
};

/**
 * Settles a held sign-on bonus in one batch. The update is conditional (still pending and held), and the audit
 * row is written only when that update took effect, so two admins racing settle it once, with one record.
 * Returns whether this batch settled it.
 */
export async function settleHeldBonus(db: Db, s: BonusSettlement): Promise<boolean> {
  const [updated] = await db.$client.batch([
    db.$client
      .prepare(
        `update bonuses set status = ?2, awarded_at = ?3, review_note = ?4, reviewed_by = ?5, reviewed_at = ?6,
           available_at = case when ?3 is null then null else ${heldUntilSql("?3")} end
         where id = ?1 and status = 'pending' and review_reasons <> ''`,
      )
      .bind(s.bonusId, s.status, s.awardedAt, s.note, s.actorId, s.now),
    db.$client
      .prepare(
        `insert into audit_log (id, actor_id, action, entity, entity_id, before, after, created_at)
         select ?1, ?2, 'update', 'bonus', ?3, ?4, ?5, ?6
         where exists (select 1 from bonuses where id = ?3 and reviewed_at = ?6 and reviewed_by = ?2)`,
      )
      .bind(newId(), s.actorId, s.bonusId, JSON.stringify(s.before), JSON.stringify(s.after), s.now),
    // The bell (docs/decisions/046): an approved bonus is told once, keyed by the bonus.
    db.$client
      .prepare(
        notifyOnceSql("bonus_awarded", "earnings", {
          user: "b.user_id",
          ref: "b.id",
          subject: "b.id",
          amount: "b.total_micros",
          at: "?2",
          rest: "from bonuses b where b.id = ?1 and b.status = 'awarded' and b.reviewed_at = ?2",
        }),
      )
      .bind(s.bonusId, s.now),
  ]);
  return Boolean(updated?.meta.changes);
}
