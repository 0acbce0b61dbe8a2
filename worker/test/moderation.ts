import { takeDownContent } from "../domain/moderation/moderate-content";
import { suspendUser, unsuspendUser } from "../domain/moderation/moderate-user";
import { adminContext } from "./admin-calls";

// Moderation actions for tests that need an item hidden or a member suspended, through the services the
// admin routes call (a fresh admin each time, so audit rows have an actor).

/** The test runtime's ADMIN_EMAILS (vitest.config.ts). */
const TEST_ADMIN_EMAILS: ReadonlySet<string> = new Set(["admin@example.com"]);

export async function takeDown(contentId: string, note = "Removed for spam", now?: string) {
  return takeDownContent({ ctx: { ...(await adminContext()), now }, input: { contentId, note } });
}

export async function suspend(userId: string, note = "Abusive account", now?: string) {
  return suspendUser({
    ctx: { ...(await adminContext()), adminEmails: TEST_ADMIN_EMAILS, now },
    input: { userId, note },
  });
}

export async function unsuspend(userId: string, note = "Reinstated on appeal", now?: string) {
  return unsuspendUser({
    ctx: { ...(await adminContext()), adminEmails: TEST_ADMIN_EMAILS, now },
    input: { userId, note },
  });
}
