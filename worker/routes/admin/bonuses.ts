import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../app-env";
import type { Db } from "../../db/client";
import { userExists } from "../../db/queries/admin-users";
import { changeCreditAmount, deleteCredit, MANUAL_BONUSES } from "../../db/queries/credit-writes";
import { availableMicros } from "../../db/queries/payment-writes";
import { bonuses, users } from "../../db/schema";
import { descriptionInput, usdInput, userIdInput } from "../../domain/admin/money-input";
import { overrideField, overrideQuery, paidOutRefusal } from "../../domain/admin/paid-out-credit";
import { auditStatement } from "../../db/queries/audit";
import { notFound } from "../../lib/errors";
import { ID_PATTERN, newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { validate } from "../../lib/validate";
import { bonusReviewBody, reviewBonus } from "../../domain/challenges/review-bonus";
import { bonusAwardJson, type BonusRow } from "./bonus-json";

const amount = usdInput("total_bonus_amount", { step: 0.01 });
const createBody = z.object({ user_id: userIdInput, total_bonus_amount: amount, description: descriptionInput });
const changeBody = z.object({ total_bonus_amount: amount, override: overrideField });

const auditView = (b: BonusRow) => ({ user_id: b.userId, total_micros: b.totalMicros, status: b.status, description: b.description });

async function manualBonus(db: Db, id: string) {
  const row = await db
    .select({ b: bonuses, email: users.email })
    .from(bonuses)
    .innerJoin(users, eq(users.id, bonuses.userId))
    .where(and(eq(bonuses.id, id), eq(bonuses.kind, "manual")))
    .get();
  if (!row) throw notFound("Manual bonus not found");
  return row;
}

/** A guarded write was refused: 404 when the bonus went meanwhile, else the 409 with the amounts. */
async function refusePaidOut(db: Db, before: BonusRow, newMicros: number | null): Promise<never> {
  await manualBonus(db, before.id);
  const balanceMicros = await availableMicros(db, before.userId, nowIso());
  throw paidOutRefusal({ noun: "bonus", decimals: 2, amountMicros: before.totalMicros, newMicros, balanceMicros });
}

/** Admin: manual bonuses (docs/product-spec.md §5 "Manual bonus"); awarded at once, so they count in the viewer balance. */
export const adminBonusRoutes = new Hono<AppEnv>()
  .get("/bonuses", async (c) => {
    const rows = await c
      .get("db")
      .select({ b: bonuses, email: users.email })
      .from(bonuses)
      .innerJoin(users, eq(users.id, bonuses.userId))
      .where(eq(bonuses.kind, "manual"))
      .orderBy(desc(bonuses.createdAt))
      .limit(1000);
    return c.json(rows.map((r) => bonusAwardJson(r.b, r.email)), 200);
  })
  .post("/bonuses", validate("json", createBody), async (c) => {
    const b = c.req.valid("json");
    const db = c.get("db");
    if (!(await userExists(db, b.user_id))) throw notFound("user_id: no such user");
    const now = nowIso();
    const row: BonusRow = {
      id: newId(), userId: b.user_id, kind: "manual", challengeIds: "Manual", totalMicros: b.total_bonus_amount,
      status: "awarded", description: b.description || "Manual bonus", createdAt: now, awardedAt: now,
      reviewReasons: null, reviewNote: null, reviewedBy: null, reviewedAt: null,
      // Entered by an admin: available at once, never held (docs/decisions/019).
      availableAt: now,
    };
    await db.batch([
      db.insert(bonuses).values(row),
      auditStatement(db, { actorId: c.get("user")!.id, action: "create", entity: "bonus", entityId: row.id, after: auditView(row) }),
    ]);
    const { email } = await manualBonus(db, row.id);
    return c.json(bonusAwardJson(row, email), 201);
  })
  // Lowering or deleting a bonus that payments already drew on needs `override` (docs/decisions/017).
  .patch(`/bonuses/:id${ID_PATTERN}`, validate("json", changeBody), async (c) => {
    const db = c.get("db");
    const { b: before, email } = await manualBonus(db, c.req.param("id"));
    const { total_bonus_amount, override } = c.req.valid("json");
    const after = { ...before, totalMicros: total_bonus_amount };
    const audit = { actorId: c.get("user")!.id, action: "update", entity: "bonus", entityId: before.id, before: auditView(before), after: auditView(after) } as const;
    if (!(await changeCreditAmount(db, MANUAL_BONUSES, { id: before.id, userId: before.userId, amountMicros: total_bonus_amount, override, audit }))) {
      await refusePaidOut(db, before, total_bonus_amount);
    }
    return c.json(bonusAwardJson(after, email), 200);
  })
  .post(`/bonuses/:id${ID_PATTERN}/review`, validate("json", bonusReviewBody), async (c) => {
    const db = c.get("db");
    const after = await reviewBonus(db, { ...c.req.valid("json"), bonusId: c.req.param("id"), actorId: c.get("user")!.id });
    const owner = await db.select({ email: users.email }).from(users).where(eq(users.id, after.userId)).get();
    return c.json(bonusAwardJson(after, owner?.email ?? ""), 200);
  })
  .delete(`/bonuses/:id${ID_PATTERN}`, validate("query", overrideQuery), async (c) => {
    const db = c.get("db");
    const { b: before } = await manualBonus(db, c.req.param("id"));
    const audit = { actorId: c.get("user")!.id, action: "delete", entity: "bonus", entityId: before.id, before: auditView(before) } as const;
    if (!(await deleteCredit(db, MANUAL_BONUSES, { id: before.id, userId: before.userId, override: c.req.valid("query").override, audit }))) {
      await refusePaidOut(db, before, null);
    }
    return c.json({ ok: true }, 200);
  });
