import { Hono } from "hono";
import { auditEntriesOut } from "../../../common/schemas/admin-audit";
import type { AppEnv } from "../../app-env";
import { recentAuditEntries } from "../../db/queries/audit/audit-log";
import { responds } from "../../openapi/responds";
import { auditEntryJson } from "../serializers/audit-entry";

const AUDIT_LIMIT = 500;

/** Admin: who changed which money record or setting, newest first. */
export const adminAuditRoutes = new Hono<AppEnv>().get(
  "/audit",
  responds("List the audit log", {
    200: { description: `The newest ${AUDIT_LIMIT} changes to money records and settings, newest first, with who made them.`, schema: auditEntriesOut },
  }),
  async (c) => {
    const rows = await recentAuditEntries(c.get("db"), AUDIT_LIMIT);
    return c.json(rows.map(({ entry, email }) => auditEntryJson(entry, email)), 200);
  },
);
