import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { deadLettersOut } from "../../../common/schemas/admin-dead-letters";
import worker from "../../index";
import { Browser, signedInBrowser, uniqueEmail } from "../../test/http";
import { makeQueuedVisit, visitsDelivered } from "../../test/traffic-queue";

// The dead-letter queue's consumer keeps what failed every retry; the admin lists it and sends it back
// (docs/decisions/079).

type DeadLetters = z.output<typeof deadLettersOut>;
let n = 0;

async function deadLetter(body: unknown) {
  const id = `dead-${Date.now().toString(36)}-${++n}`;
  const batch = createMessageBatch("reelpay-dead-letters", [{ id, timestamp: new Date(), attempts: 6, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([id]);
  return id;
}

const visitBody = (sessionId: string) => ({ kind: "visit", visit: makeQueuedVisit({ session_id: sessionId }) });

describe("/api/admin/dead-letters", () => {
  it("is for admins only", async () => {
    expect((await new Browser().fetch("/api/admin/dead-letters")).status).toBe(401);
    const member = await signedInBrowser(uniqueEmail("member"));
    expect((await member.fetch("/api/admin/dead-letters")).status).toBe(403);
    expect((await member.fetch("/api/admin/dead-letters/x/resend", { method: "POST" })).status).toBe(403);
  });

  it("lists what the queues gave up on, keeps a letter delivered twice once, and sends one back to its queue", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const session = `dead-letter-${Date.now()}`;
    const body = visitBody(session);
    const id = await deadLetter(body);
    await deadLetter({ kind: "credit", viewId: "01ABCDEFGHJKMNPQRSTVWXYZ00" });
    const stray = await deadLetter("not ours");
    // The same letter again (the dead-letter queue delivers at least once): kept once.
    const again = createMessageBatch("reelpay-dead-letters", [{ id, timestamp: new Date(), attempts: 6, body }]);
    const ctx = createExecutionContext();
    await worker.queue(again, env, ctx);
    await getQueueResult(again, ctx);

    const list = await (await admin.fetch("/api/admin/dead-letters")).json<DeadLetters>();
    expect(list.total).toBe(3);
    expect(list.items.find((d) => d.id === id)).toMatchObject({ kind: "visit", attempts: 6, body });
    expect(list.items.find((d) => d.id === stray)).toMatchObject({ kind: "unknown", body: "not ours" });

    const sent = await admin.fetch(`/api/admin/dead-letters/${id}/resend`, { method: "POST" });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ id, kind: "visit" });
    // Back in the traffic queue, whose consumer stores the visit; the letter is gone, and the resend audited.
    await visitsDelivered([session], 1);
    expect((await (await admin.fetch("/api/admin/dead-letters")).json<DeadLetters>()).total).toBe(2);
    expect(
      await env.DB.prepare(`select action from audit_log where entity = 'dead_letter' and entity_id = ?`)
        .bind(id)
        .first("action"),
    ).toBe("delete");
    expect((await admin.fetch(`/api/admin/dead-letters/${id}/resend`, { method: "POST" })).status).toBe(404);
    // A letter that names no queue of ours stays where it is.
    expect((await admin.fetch(`/api/admin/dead-letters/${stray}/resend`, { method: "POST" })).status).toBe(409);
    expect((await (await admin.fetch("/api/admin/dead-letters")).json<DeadLetters>()).total).toBe(2);
  });
});
