import { z } from "zod";

// The audit log as the admin's Audit tab reads it: who changed which money record or setting.

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** One audit row; `before` and `after` are the JSON the change recorded (null when there was none). */
const auditEntryOut = z.object({
  id: z.string(),
  /** "(deleted user)" when the admin's account is gone. */
  actor_email: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntryJson = z.output<typeof auditEntryOut>;

/** GET /api/admin/audit: the newest 500 rows, newest first. */
export const auditEntriesOut = z.array(auditEntryOut);
