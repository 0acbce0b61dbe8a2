import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { makeUser } from "../../../test/factories";
import { OWN_UNREAD_COUNT_SQL } from "./notifications";

// The bell's unread count has no index of its own (docs/decisions/086): it must read the member's rows on
// notifications_event_unique, as the list does, never the whole table.
it("the bell's unread count searches the member's rows on notifications_event_unique", async () => {
  const member = await makeUser();
  const plan = await env.DB.prepare(`explain query plan ${OWN_UNREAD_COUNT_SQL}`)
    .bind(member.id, new Date().toISOString())
    .all<{ detail: string }>();
  const details = plan.results.map((r) => r.detail).join("\n");
  expect(details).toMatch(/SEARCH n USING INDEX notifications_event_unique \(user_num=\?\)/);
  expect(details).not.toMatch(/SCAN n\b/);
});
