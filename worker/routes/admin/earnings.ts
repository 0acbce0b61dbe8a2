import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AdminEarningJson } from "../../api-types";
import type { AppEnv } from "../../app-env";
import type { Db } from "../../db/client";
import { userExists } from "../../db/queries/admin-users";
import { earnings, users } from "../../db/schema";
import { descriptionInput, usdInput, userIdInput } from "../../domain/admin/money-input";
import { auditStatement } from "../../domain/audit";
import { notFound } from "../../lib/errors";
import { ID_PATTERN, newId } from "../../lib/ids";
import { usd } from "../../lib/money";
import { nowIso } from "../../lib/time";
import { validate } from "../../lib/validate";

const amount = usdInput("amount_usd", { step: 0.001 });
const createBody = z.object({ user_id: userIdInput, amount_usd: amount, description: descriptionInput });
const changeBody = z.object({ amount_usd: amount });

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

/** Admin: manual earnings (spec §5 "Manual earning"); each change is audited in the same batch. */
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
    const row: EarningRow = {
      id: newId(), userId: b.user_id, kind: "manual", viewId: null, contentId: null, amountMicros: b.amount_usd,
      description: b.description || "Manual earning", createdBy: c.get("user")!.id, createdAt: nowIso(),
    };
    await db.batch([
      db.insert(earnings).values(row),
      auditStatement(db, { actorId: c.get("user")!.id, action: "create", entity: "earning", entityId: row.id, after: auditView(row) }),
    ]);
    const { email } = await manualEarning(db, row.id);
    return c.json(json(row, email), 201);
  })
  .patch(`/earnings/:id${ID_PATTERN}`, validate("json", changeBody), async (c) => {
    const db = c.get("db");
    const { e: before, email } = await manualEarning(db, c.req.param("id"));
    const after = { ...before, amountMicros: c.req.valid("json").amount_usd };
    await db.batch([
      db.update(earnings).set({ amountMicros: after.amountMicros }).where(eq(earnings.id, before.id)),
      auditStatement(db, { actorId: c.get("user")!.id, action: "update", entity: "earning", entityId: before.id, before: auditView(before), after: auditView(after) }),
    ]);
    return c.json(json(after, email), 200);
  })
  .delete(`/earnings/:id${ID_PATTERN}`, async (c) => {
    const db = c.get("db");
    const { e: before } = await manualEarning(db, c.req.param("id"));
    await db.batch([
      db.delete(earnings).where(eq(earnings.id, before.id)),
      auditStatement(db, { actorId: c.get("user")!.id, action: "delete", entity: "earning", entityId: before.id, before: auditView(before) }),
    ]);
    return c.json({ ok: true }, 200);
  });
