import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { DELETE_NOTIFICATIONS_SQL } from "./notification-retention";

// The lifecycle deletes the oldest notifications a slice at a time (docs/decisions/055) along notifications_day_idx,
// the day each row was written for (docs/decisions/089): never a scan of the table, and no index on `at`, which a
// grouped credit moves.
it("the notifications slice walks notifications_day_idx oldest first", async () => {
  const plan = await env.DB.prepare(`explain query plan ${DELETE_NOTIFICATIONS_SQL}`)
    .bind("2026-11-01T00:00:00.000Z", 500, "2026-10-25T00:00:00.000Z")
    .all<{ detail: string }>();
  const details = plan.results.map((r) => r.detail).join("\n");
  expect(details).toMatch(/SEARCH n USING INDEX notifications_day_idx \(day<\?\)/);
  expect(details).not.toMatch(/SCAN n\b/);
  expect(details).not.toMatch(/TEMP B-TREE/);
  const indexes = await env.DB.prepare(
    "select name from sqlite_master where type = 'index' and tbl_name = 'notifications'",
  ).all<{ name: string }>();
  expect(indexes.results.map((r) => r.name).sort()).toEqual(["notifications_day_idx", "notifications_event_unique"]);
});
