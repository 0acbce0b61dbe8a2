import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { EarningsCalculateResponse } from "../common/schemas/earnings";
import worker from "./index";
import { makeContent } from "./test/factories";
import { signedInBrowser, uniqueEmail, type Browser } from "./test/http";
import { earningsOf, runEarningsCron, watchPaced } from "./test/views";

// The credit queue's consumer (docs/decisions/079), handed batches as the queue would deliver them: the test
// runtime gives the credit queue no consumer of its own (vitest.config.ts), so nothing else credits in between.

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const calculate = async (b: Browser) =>
  (await b.fetch("/api/earnings/calculate", { method: "POST" })).json<EarningsCalculateResponse>();
const viewStatus = async (id: string) =>
  (await env.DB.prepare("select status from views where id = ?").bind(id).first<string>("status"))!;

let messages = 0;
async function deliver(queue: string, bodies: unknown[]) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body) => ({ id: `msg-${Date.now()}-${++messages}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return { ids: batch.messages.map((m) => m.id), result: await getQueueResult(batch, ctx) };
}

async function qualifiedView() {
  const creator = await signedInBrowser(uniqueEmail("creator"));
  const viewer = await signedInBrowser(uniqueEmail("viewer"));
  const creatorId = await idOf(creator);
  const item = await makeContent(creatorId, { durationMs: 10_000 });
  const viewerId = await idOf(viewer);
  const { viewId, qualified } = await watchPaced(viewer, viewerId, item.id, 10_000);
  expect(qualified).toBe(true);
  return { viewer, viewerId, creatorId, viewId };
}

describe("the credit queue's consumer", () => {
  it("credits a qualified view once, however many times its message is delivered", async () => {
    const s = await qualifiedView();
    expect(await viewStatus(s.viewId)).toBe("qualified");
    const message = { kind: "credit", viewId: s.viewId };
    const first = await deliver("reelpay-credit", [message, message]);
    expect(first.result.explicitAcks.sort()).toEqual(first.ids.sort());
    expect(first.result.retryMessages).toEqual([]);
    expect(await viewStatus(s.viewId)).toBe("credited");
    expect(await earningsOf(s.viewerId)).toEqual({ micros: 3000, n: 1 });
    expect(await earningsOf(s.creatorId)).toEqual({ micros: 3000, n: 1 });
    // The same batch again (a redelivery): acknowledged, and nobody is paid twice.
    const again = await deliver("reelpay-credit", [message, message]);
    expect(again.result.explicitAcks).toHaveLength(2);
    expect(await earningsOf(s.viewerId)).toEqual({ micros: 3000, n: 1 });
    expect(await earningsOf(s.creatorId)).toEqual({ micros: 3000, n: 1 });
    // The poll and the cron find nothing left, and the viewer is still told once of what the queue credited.
    expect(await runEarningsCron()).toMatchObject({ processed: 0 });
    expect(await calculate(s.viewer)).toMatchObject({ processed: 0, credited_usd: 0.003 });
    expect(await calculate(s.viewer)).toMatchObject({ processed: 0, credited_usd: 0 });
  });

  it("leaves a view the cron credited first as it is", async () => {
    const s = await qualifiedView();
    expect(await runEarningsCron()).toMatchObject({ processed: 1 });
    await deliver("reelpay-credit", [{ kind: "credit", viewId: s.viewId }]);
    expect(await earningsOf(s.viewerId)).toEqual({ micros: 3000, n: 1 });
  });

  it("retries a batch D1 refused, and on its own a message that is not a credit", async () => {
    const s = await qualifiedView();
    // A view id D1 cannot bind fails the batch's write: every credit of the batch is retried, none is lost.
    const failed = await deliver("reelpay-credit", [
      { kind: "credit", viewId: s.viewId },
      { kind: "credit", viewId: { not: "an id" } },
    ]);
    expect(failed.result.explicitAcks).toEqual([]);
    expect(failed.result.retryMessages.map((m) => m.msgId).sort()).toEqual(failed.ids.sort());
    expect(await viewStatus(s.viewId)).toBe("qualified");
    const mixed = await deliver("reelpay-credit", [{ kind: "visit" }, { kind: "credit", viewId: s.viewId }]);
    expect(mixed.result.retryMessages.map((m) => m.msgId)).toEqual([mixed.ids[0]]);
    expect(mixed.result.explicitAcks).toEqual([mixed.ids[1]]);
    expect(await viewStatus(s.viewId)).toBe("credited");
  });
});
