import { Hono } from "hono";
import type { AppEnv } from "../../app-env";
import { recentAuditEntries } from "../../db/queries/audit-log";
import { auditEntryJson } from "../serializers/audit-entry";

const AUDIT_LIMIT = 500;

/** Admin: who changed which money record or setting, newest first. */
export const adminAuditRoutes = new Hono<AppEnv>().get("/audit", async (c) => {
  const rows = await recentAuditEntries(c.get("db"), AUDIT_LIMIT);
  return c.json(rows.map(({ entry, email }) => auditEntryJson(entry, email)), 200);
});
