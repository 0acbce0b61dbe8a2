import { env } from "cloudflare:test";
import type { AdminContext } from "../domain/admin/admin-context";
import type { AppError } from "../lib/errors";
import { makeUser, testDb } from "./factories";

/** An admin service context for a fresh admin (audit rows need an actor). */
export const adminContext = async (): Promise<AdminContext> => ({
  db: testDb(),
  actor: { id: (await makeUser()).id, isAdmin: true },
});

/** "ok" for a call that went through, else the kind of error it was refused with. */
export const outcomes = (settled: PromiseSettledResult<unknown>[]) =>
  settled.map((s) => (s.status === "fulfilled" ? "ok" : (s.reason as AppError).kind));

/** The audit actions recorded for one record, sorted. */
export const auditActions = async (entityId: string) =>
  (
    await env.DB.prepare("select action from audit_log where entity_id = ?1").bind(entityId).all<{ action: string }>()
  ).results
    .map((r) => r.action)
    .sort();
