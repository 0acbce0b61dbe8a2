import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AuditEntryJson } from "../../api-types";
import type { AppEnv } from "../../app-env";
import { auditLog, users } from "../../db/schema";

const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown));

/** Admin: who changed which money record or setting, newest first. */
export const adminAuditRoutes = new Hono<AppEnv>().get("/audit", async (c) => {
  const rows = await c
    .get("db")
    .select({ a: auditLog, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(500);
  const entries: AuditEntryJson[] = rows.map(({ a, email }) => ({
    id: a.id,
    actor_email: email ?? "(deleted user)",
    action: a.action,
    entity: a.entity,
    entity_id: a.entityId,
    before: parse(a.before),
    after: parse(a.after),
    created_at: a.createdAt,
  }));
  return c.json(entries, 200);
});
