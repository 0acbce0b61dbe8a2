import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AdminEarningJson } from "../../api-types";
import type { AppEnv } from "../../app-env";
import type { Db } from "../../db/client";
import { userExists } from "../../db/queries/admin-users";
import { changeCreditAmount, deleteCredit, MANUAL_EARNINGS } from "../../db/queries/credit-writes";
import { availableMicros } from "../../db/queries/payment-writes";
import { earnings, users } from "../../db/schema";
import { descriptionInput, usdInput, userIdInput } from "../../domain/admin/money-input";
import { overrideField, overrideQuery, paidOutRefusal } from "../../domain/admin/paid-out-credit";
import { auditStatement } from "../../db/queries/audit";
import { notFound } from "../../lib/errors";
import { ID_PATTERN, newId } from "../../lib/ids";
import { usd } from "../../lib/money";
import { nowIso } from "../../lib/time";
import { validate } from "../../lib/validate";

const amount = usdInput("amount_usd", { step: 0.001 });
const createBody = z.object({ user_id: userIdInput, amount_usd: amount, description: descriptionInput });
const changeBody = z.object({ amount_usd: amount, override: overrideField });

type EarningRow = typeof earnings.$inferSelect;
const json = (e: EarningRow, email: string): AdminEarningJson => ({
  id: e.id,
  user_id: e.userId,
  content_id: e.contentId,
  creator_email: email,
  amount_usd: usd(e.amountMicros),
  description: e.description,
  created_at: e.createdAt,
});
const auditView = (e: EarningRow) => ({ user_id: e.userId, amount_micros: e.amountMicros, description: e.description });

/** Manual earnings only: view rewards are the earnings job's records and never edited by hand. */
async function manualEarning(db: Db, id: string) {
  const row = await db
    .select({ e: earnings, email: users.email })
    .from(earnings)
    .innerJoin(users, eq(users.id, earnings.userId))
    .where(and(eq(earnings.id, id), eq(earnings.kind, "manual")))
    .get();
  if (!row) throw notFound("Manual earning not found");
  return row;
}

/** A guarded write was refused: 404 when the earning went meanwhile, else the 409 with the amounts. */
async function refusePaidOut(db: Db, before: EarningRow, newMicros: number | null): Promise<never> {
  await manualEarning(db, before.id);
  const balanceMicros = await availableMicros(db, before.userId, nowIso());
  throw paidOutRefusal({ noun: "earning", decimals: 3, amountMicros: before.amountMicros, newMicros, balanceMicros });
}

/** Admin: manual earnings (docs/product-spec.md §5 "Manual earning"); each change is audited in the same batch. */
export const adminEarningRoutes = new Hono<AppEnv>()
  .get("/earnings", async (c) => {
    const rows = await c
      .get("db")
      .select({ e: earnings, email: users.email })
      .from(earnings)
      .innerJoin(users, eq(users.id, earnings.userId))
      .where(eq(earnings.kind, "manual"))
      .orderBy(desc(earnings.createdAt))
      .limit(1000);
    return c.json(rows.map((r) => json(r.e, r.email)), 200);
  })
  .post("/earnings", validate("json", createBody), async (c) => {
    const b = c.req.valid("json");
    const db = c.get("db");
    if (!(await userExists(db, b.user_id))) throw notFound("user_id: no such user");
    // Entered by an admin: available at once, never held (docs/decisions/019).
    const now = nowIso();
    const row: EarningRow = {
      id: newId(), userId: b.user_id, kind: "manual", viewId: null, contentId: null, amountMicros: b.amount_usd,
      description: b.description || "Manual earning", createdBy: c.get("user")!.id, createdAt: now, availableAt: now,
    };
    await db.batch([
      db.insert(earnings).values(row),
      auditStatement(db, { actorId: c.get("user")!.id, action: "create", entity: "earning", entityId: row.id, after: auditView(row) }),
    ]);
    const { email } = await manualEarning(db, row.id);
    return c.json(json(row, email), 201);
  })
  // Lowering or deleting an earning that payments already drew on needs `override` (docs/decisions/017).
  .patch(`/earnings/:id${ID_PATTERN}`, validate("json", changeBody), async (c) => {
    const db = c.get("db");
    const { e: before, email } = await manualEarning(db, c.req.param("id"));
    const { amount_usd, override } = c.req.valid("json");
    const after = { ...before, amountMicros: amount_usd };
    const audit = { actorId: c.get("user")!.id, action: "update", entity: "earning", entityId: before.id, before: auditView(before), after: auditView(after) } as const;
    if (!(await changeCreditAmount(db, MANUAL_EARNINGS, { id: before.id, userId: before.userId, amountMicros: amount_usd, override, audit }))) {
      await refusePaidOut(db, before, amount_usd);
    }
    return c.json(json(after, email), 200);
  })
  .delete(`/earnings/:id${ID_PATTERN}`, validate("query", overrideQuery), async (c) => {
    const db = c.get("db");
    const { e: before } = await manualEarning(db, c.req.param("id"));
    const audit = { actorId: c.get("user")!.id, action: "delete", entity: "earning", entityId: before.id, before: auditView(before) } as const;
    if (!(await deleteCredit(db, MANUAL_EARNINGS, { id: before.id, userId: before.userId, override: c.req.valid("query").override, audit }))) {
      await refusePaidOut(db, before, null);
    }
    return c.json({ ok: true }, 200);
  });
