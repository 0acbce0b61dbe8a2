import { env } from "cloudflare:test";
import { expect } from "vitest";
import { createDb } from "../db/client";
import { tombstoneContent } from "../db/queries/content/content-writes";
import { purgeDeletedMedia } from "../domain/content/purge-media";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import type { Browser } from "./http";

// Deleting items in tests (docs/decisions/028): through the route, as a member does, or through the same
// tombstone write the route makes, for tests that drive the domain without HTTP.

/** DELETE /api/content/{id} as `browser`; expects 200. */
export async function deleteItem(browser: Browser, contentId: string) {
  const res = await browser.fetch(`/api/content/${contentId}`, { method: "DELETE" });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The route's tombstone write, by `actorId` at `now`. */
export function tombstone(contentId: string, actorId: string, now = nowIso()) {
  return tombstoneContent(createDb(env.DB), { id: contentId, actorId, now, auditId: newId() });
}

/** The cron's media purge as if it ran at `now`. */
export function purgeAt(now: string) {
  return purgeDeletedMedia({ ctx: { db: createDb(env.DB), env }, input: { now } });
}

/** What an item left behind in D1: its views, likes, reports and view rewards, counted. */
export async function evidenceOf(contentId: string) {
  return (await env.DB.prepare(
    `select (select count(*) from views where content_id = ?1) as views,
       (select count(*) from likes where content_id = ?1) as likes,
       (select count(*) from reports where content_id = ?1) as reports,
       (select count(*) from earnings e join views v on v.id = e.view_id where v.content_id = ?1) as rewards`,
  )
    .bind(contentId)
    .first<{ views: number; likes: number; reports: number; rewards: number }>())!;
}
