import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it } from "vitest";
import worker from "./index";
import { sessions } from "./db/schema";
import { tombstone } from "./test/deletion";
import { makeContent, makeUser, testDb } from "./test/factories";

it("the cron purges expired sessions and keeps live ones", async () => {
  const user = await makeUser();
  const past = new Date(Date.now() - 1000).toISOString();
  const future = new Date(Date.now() + 3600_000).toISOString();
  await testDb()
    .insert(sessions)
    .values([
      { tokenHash: `expired-${user.id}`, userId: user.id, createdAt: past, expiresAt: past },
      { tokenHash: `live-${user.id}`, userId: user.id, createdAt: past, expiresAt: future },
    ]);
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
  const left = await env.DB.prepare("select token_hash from sessions where user_id = ?").bind(user.id).all();
  expect(left.results.map((r) => r.token_hash)).toEqual([`live-${user.id}`]);
});

it("the cron removes the media of an item deleted more than the grace period ago, and records it", async () => {
  const user = await makeUser();
  const [old, recent] = [await makeContent(user.id), await makeContent(user.id)];
  for (const item of [old, recent]) await env.MEDIA.put(item.r2Key, "media");
  await tombstone(old.id, user.id, new Date(Date.now() - 15 * 24 * 3600_000).toISOString());
  await tombstone(recent.id, user.id);
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
  expect(await env.MEDIA.head(old.r2Key)).toBeNull();
  expect(await env.MEDIA.head(recent.r2Key)).not.toBeNull();
  const marks = await env.DB.prepare(
    "select id, media_purged_at is not null as purged from content where id in (?, ?) order by id",
  )
    .bind(old.id, recent.id)
    .all();
  expect(Object.fromEntries(marks.results.map((r) => [r.id, r.purged]))).toEqual({ [old.id]: 1, [recent.id]: 0 });
});
