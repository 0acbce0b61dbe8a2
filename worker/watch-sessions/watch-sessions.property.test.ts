import { env, runInDurableObject } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { watchSessionsOf } from "../domain/views/watch-sessions-of";
import { newId } from "../lib/ids";
import { objectStart } from "../test/views";
import type { WatchSessions } from "./watch-sessions";

type Step = { kind: "start"; item: number } | { kind: "event"; item: number; fraction: number; waitMs: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("start" as const), item: fc.integer({ min: 0, max: 3 }) }),
  fc.record({
    kind: fc.constant("event" as const),
    item: fc.integer({ min: 0, max: 3 }),
    fraction: fc.double({ min: 0, max: 1.05, noNaN: true }),
    waitMs: fc.integer({ min: 0, max: 20_000 }),
  }),
);

/** Every session the object holds, read from its own storage. */
const sessionsOf = (state: DurableObjectState) =>
  state.storage.sql
    .exec<{ id: string; earning: number; accrued_ms: number; started_at_ms: number }>(
      "select id, earning, accrued_ms, started_at_ms from sessions order by started_at_ms, id",
    )
    .toArray();

describe("one viewer's watch sessions", () => {
  it("for any sequence of starts and events, at most one session earns and only the newest one accrues", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const viewerId = newId();
        const items = Array.from({ length: 4 }, () => ({ id: newId(), durationMs: 30_000 }));
        await runInDurableObject(watchSessionsOf(env, viewerId), async (object: WatchSessions, state) => {
          let newest: string | null = null;
          for (const s of steps) {
            const item = items[s.item]!;
            const before = new Map(sessionsOf(state).map((r) => [r.id, r.accrued_ms]));
            if (s.kind === "start") {
              newest = (await object.start(objectStart(viewerId, item.id, item.durationMs))).view_id;
            } else {
              // Time passes for every session at once, as on the object's clock.
              state.storage.sql.exec(
                "update sessions set started_at_ms = started_at_ms - ?1, last_event_at_ms = last_event_at_ms - ?1",
                s.waitMs,
              );
              await object.event({ viewerId, contentId: item.id, secondMark: (s.fraction * item.durationMs) / 1000 });
            }
            const after = sessionsOf(state);
            expect(after.filter((r) => r.earning === 1).length).toBeLessThanOrEqual(1);
            for (const r of after) if (r.id !== newest) expect(r.accrued_ms).toBe(before.get(r.id) ?? 0);
          }
        });
      }),
      { numRuns: 40 },
    );
  });
});
