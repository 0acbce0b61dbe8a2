import { Hono } from "hono";
import { auditEntriesOut } from "../../../common/schemas/admin-audit";
import type { AppEnv } from "../../app-env";
import { AUDIT_LIMIT, listAuditLog } from "../../domain/admin/admin-lists";
import { responds } from "../../openapi/responds";
import { auditEntriesJson } from "../serializers/audit-entry";
import { adminContext } from "./admin-context";

/** Admin: who changed which money record or setting, newest first. */
export const adminAuditRoutes = new Hono<AppEnv>().get(
  "/audit",
  responds("List the audit log", {
    200: {
      description: `The newest ${AUDIT_LIMIT} changes to money records and settings, newest first, with who made them.`,
      schema: auditEntriesOut,
    },
  }),
  async (c) => c.json(auditEntriesJson(await listAuditLog({ ctx: adminContext(c), input: {} })), 200),
);
