import { env, evictDurableObject, runInDurableObject } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ContentItemJson } from "../../common/schemas/content";
import { watchSessionsOf } from "../domain/views/watch-sessions-of";
import { newId } from "../lib/ids";
import { makeContent, makeUser } from "../test/factories";
import type { Browser } from "../test/http";
import { member } from "../test/members";
import {
  earningsOf,
  objectStart,
  passTime,
  runEarningsCron,
  sendProgress,
  startView,
  streamMedia,
  watchPaced,
} from "../test/views";
import type { WatchSessions } from "./watch-sessions";

// A Durable Object instance may be evicted at any moment (docs/decisions/075-one-write-per-event.md): whatever
// decides money is in the object's SQLite before an event is answered, so a fresh instance on the same storage
// goes on from exactly there. Eviction here is the test runtime's own: the instance is torn down, its storage
// kept, and the next call builds a new one.

type SessionRow = {
  id: string;
  position_ms: number;
  accrued_ms: number;
  last_event_at_ms: number;
  started_at_ms: number;
  qualified_at_ms: number | null;
  earning: number;
  history_at_ms: number | null;
};

const sessionRows = (viewerId: string) =>
  runInDurableObject(watchSessionsOf(env, viewerId), (_object, state) =>
    state.storage.sql
      .exec<SessionRow>(
        `select id, position_ms, accrued_ms, last_event_at_ms, started_at_ms, qualified_at_ms, earning, history_at_ms
         from sessions order by started_at_ms, id`,
      )
      .toArray(),
  );

/**
 * Evicts the viewer's object (it must be running: a read first makes sure), checks that the next call meets a new
 * instance, and says what storage held before.
 */
async function evict(viewerId: string) {
  const stub = watchSessionsOf(env, viewerId);
  let evicted: WatchSessions | null = null;
  await runInDurableObject(stub, (object: WatchSessions) => {
    evicted = object;
  });
  const before = await sessionRows(viewerId);
  await evictDurableObject(stub);
  await runInDurableObject(stub, (object: WatchSessions) => {
    expect(object, "a fresh instance").not.toBe(evicted);
  });
  return before;
}

const viewRows = (viewerId: string) =>
  env.DB.prepare("select id, status, qualified_at, watch_time_ms, max_position_ms from views where viewer_id = ?")
    .bind(viewerId)
    .all<{ id: string; status: string; qualified_at: string | null; watch_time_ms: number; max_position_ms: number }>()
    .then((r) => r.results);

const resumeAt = async (b: Browser, id: string) =>
  (await (await b.fetch(`/api/content/${id}`)).json<ContentItemJson>()).resume_at_seconds;

async function scene() {
  const viewer = await member("evicted");
  const creator = await makeUser();
  const item = await makeContent(creator.id, { durationMs: 20_000 });
  return { viewer, creator, item };
}

describe("an evicted watch-session object", () => {
  it("keeps a view that qualified before it: still qualified after, written to D1 once, paid once", async () => {
    const { viewer, creator, item } = await scene();
    const { viewId, qualified } = await watchPaced(viewer.browser, viewer.id, item.id, 20_000, { untilFraction: 0.9 });
    expect(qualified).toBe(true);
    const [qualifiedRow] = await viewRows(viewer.id);

    const before = await evict(viewer.id);
    expect(await sessionRows(viewer.id), "a fresh instance reads what the evicted one stored").toEqual(before);
    expect(before[0]).toMatchObject({ accrued_ms: 18_000, position_ms: 18_000 });
    expect(await resumeAt(viewer.browser, item.id), "the history of the open view survives").toBe(18);

    await passTime(viewer.id, 2_000);
    const end = await sendProgress(viewer.browser, item.id, 20, viewId, "complete");
    expect(end).toMatchObject({ status: 200, body: { accepted: true, qualified: true } });
    expect(await viewRows(viewer.id)).toEqual([{ ...qualifiedRow, watch_time_ms: 20_000, max_position_ms: 20_000 }]);
    await runEarningsCron();
    expect(await earningsOf(viewer.id)).toEqual({ micros: 3000, n: 1 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 3000, n: 1 });
  });

  it("goes on accruing from where it was, never more than was watched", async () => {
    const { viewer, item } = await scene();
    const viewId = await startView(viewer.browser, item.id);
    await streamMedia(viewer.browser, item.id);
    for (let s = 2; s <= 10; s += 2) {
      await passTime(viewer.id, 2_000);
      expect((await sendProgress(viewer.browser, item.id, s, viewId)).body).toMatchObject({ accepted: true });
    }
    const before = await evict(viewer.id);
    expect(before).toMatchObject([{ id: viewId, accrued_ms: 10_000, position_ms: 10_000, qualified_at_ms: null }]);
    expect(await sessionRows(viewer.id)).toEqual(before);
    // Evicted again after every event: each fresh instance takes over what the last one stored, and the view
    // qualifies at 80 % as it would have without any eviction.
    for (let s = 12; s <= 20; s += 2) {
      await passTime(viewer.id, 2_000);
      const res = await sendProgress(viewer.browser, item.id, s, viewId, s === 20 ? "complete" : "progress");
      expect(res.body, `at ${s} s`).toMatchObject({ accepted: true, qualified: s >= 16 });
      if (s === 20) break;
      const [row] = await evict(viewer.id);
      expect(row, `at ${s} s`).toMatchObject({ accrued_ms: s * 1000, position_ms: s * 1000 });
      expect(row!.qualified_at_ms === null, `at ${s} s`).toBe(s < 16);
    }
    expect(await viewRows(viewer.id)).toMatchObject([
      { id: viewId, status: "qualified", watch_time_ms: 20_000, max_position_ms: 20_000 },
    ]);
  });

  it("counts a view once when it was cut off between its D1 write and its own row", async () => {
    const { viewer, creator, item } = await scene();
    const { viewId, qualified } = await watchPaced(viewer.browser, viewer.id, item.id, 20_000, { untilFraction: 0.8 });
    expect(qualified).toBe(true);
    const [written] = await viewRows(viewer.id);
    // The qualifying event's D1 batch went out, then the instance died before its own row changed.
    await runInDurableObject(watchSessionsOf(env, viewer.id), (_object, state) => {
      state.storage.sql.exec("update sessions set qualified_at_ms = null where id = ?", viewId);
    });
    await evict(viewer.id);
    await passTime(viewer.id, 2_000);
    expect((await sendProgress(viewer.browser, item.id, 18, viewId)).body).toMatchObject({ qualified: true });
    expect(await viewRows(viewer.id), "the view's D1 row, as first written").toEqual([written]);
    await passTime(viewer.id, 2_000);
    expect((await sendProgress(viewer.browser, item.id, 20, viewId, "complete")).status).toBe(200);
    expect(await viewRows(viewer.id)).toEqual([{ ...written, watch_time_ms: 20_000, max_position_ms: 20_000 }]);
    await runEarningsCron();
    expect(await earningsOf(viewer.id)).toEqual({ micros: 3000, n: 1 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 3000, n: 1 });
  });

  it("for any events with evictions between them, loses no accrued time or qualification and never adds any", async () => {
    type Step = { kind: "evict" } | { kind: "event"; fraction: number; waitMs: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.constant({ kind: "evict" as const }),
      fc.record({
        kind: fc.constant("event" as const),
        fraction: fc.double({ min: 0, max: 1.05, noNaN: true }),
        waitMs: fc.integer({ min: 0, max: 8_000 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const viewerId = newId();
        const item = { id: newId(), durationMs: 20_000 };
        const stub = watchSessionsOf(env, viewerId);
        // The item's bytes delivered, so the view qualifies once its watching counts.
        await runInDurableObject(stub, async (object: WatchSessions) => {
          await object.delivered({ viewerId, contentId: item.id, start: 0, end: 1000 });
          await object.start(objectStart(viewerId, item.id, item.durationMs));
        });
        for (const s of steps) {
          const before = await sessionRows(viewerId);
          if (s.kind === "evict") {
            await evict(viewerId);
            expect(await sessionRows(viewerId), "eviction changes nothing stored").toEqual(before);
            continue;
          }
          await runInDurableObject(stub, async (object: WatchSessions, state) => {
            state.storage.sql.exec(
              "update sessions set started_at_ms = started_at_ms - ?1, last_event_at_ms = last_event_at_ms - ?1",
              s.waitMs,
            );
            await object.event({ viewerId, contentId: item.id, secondMark: (s.fraction * item.durationMs) / 1000 });
          });
          const now = Date.now();
          for (const row of await sessionRows(viewerId)) {
            const was = before.find((r) => r.id === row.id);
            expect(row.accrued_ms, "never more than the positions watched").toBeLessThanOrEqual(row.position_ms);
            expect(row.accrued_ms, "never faster than 2× the time since the start").toBeLessThanOrEqual(
              2 * (now - row.started_at_ms),
            );
            if (!was) continue;
            expect(row.accrued_ms).toBeGreaterThanOrEqual(was.accrued_ms);
            if (was.qualified_at_ms !== null) expect(row.qualified_at_ms).toBe(was.qualified_at_ms);
          }
        }
      }),
      { numRuns: 12 },
    );
  });
});
