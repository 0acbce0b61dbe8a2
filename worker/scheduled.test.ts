import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it } from "vitest";
import worker from "./index";
import { sessions } from "./db/schema";
import { makeUser, testDb } from "./test/factories";

it("the cron purges expired sessions and keeps live ones", async () => {
  const user = await makeUser();
  const past = new Date(Date.now() - 1000).toISOString();
  const future = new Date(Date.now() + 3600_000).toISOString();
  await testDb().insert(sessions).values([
    { tokenHash: `expired-${user.id}`, userId: user.id, createdAt: past, expiresAt: past },
    { tokenHash: `live-${user.id}`, userId: user.id, createdAt: past, expiresAt: future },
  ]);
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
  const left = await env.DB.prepare("select token_hash from sessions where user_id = ?").bind(user.id).all();
  expect(left.results.map((r) => r.token_hash)).toEqual([`live-${user.id}`]);
});
