import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DISCOVERY_METHODS } from "../../../common/playback";
import { finishQualifiedViewStatement, insertViewStatement, type ViewRecord } from "../../db/queries/views/views";
import { addDays, dayOf } from "../../lib/days";
import { newId } from "../../lib/ids";
import { makeContent, makeUser, testDb } from "../../test/factories";
import { readItemStats } from "./content-stats";
import { stopBucket } from "./retention";

// The studio's numbers come from rows triggers keep beside the view facts (migration 0020). For any views —
// qualified or not, finished further after qualifying, written twice by a retrying object, by the creator,
// on days inside and outside the range — they must equal what the definitions compute from the raw views.

type Gen = {
  viewer: number; // 0 is the creator
  daysAgo: number;
  position: number; // fraction of the duration
  watched: number;
  method: (typeof DISCOVERY_METHODS)[number];
  qualified: boolean;
  finishedTo: number | null; // a qualified view watched further before leaving the object
  retried: boolean;
};

const gen: fc.Arbitrary<Gen> = fc.record({
  viewer: fc.integer({ min: 0, max: 3 }),
  daysAgo: fc.integer({ min: 0, max: 9 }),
  position: fc.double({ min: 0, max: 1, noNaN: true }),
  watched: fc.double({ min: 0, max: 1.2, noNaN: true }),
  method: fc.constantFrom(...DISCOVERY_METHODS),
  qualified: fc.boolean(),
  finishedTo: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
  retried: fc.boolean(),
});

describe("studio stats", () => {
  it("equal the definitions computed from the raw views, for any views", async () => {
    const db = testDb();
    const creator = await makeUser();
    const viewers = [creator.id, ...(await Promise.all([makeUser(), makeUser(), makeUser()])).map((u) => u.id)];
    const nowMs = Date.now();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1000, max: 7_200_000 }),
        fc.array(gen, { maxLength: 30 }),
        async (durationMs, gens) => {
          const item = await makeContent(creator.id, { durationMs, r2Key: `test/${newId()}.mp4` });
          const statements: D1PreparedStatement[] = [];
          for (const g of gens) {
            const startedAt = new Date(nowMs - g.daysAgo * 86_400_000).toISOString();
            const qualifiedAt = g.qualified ? startedAt : null;
            const record: ViewRecord = {
              id: newId(),
              contentId: item.id,
              viewerId: viewers[g.viewer],
              creatorId: creator.id,
              discoveryMethod: g.method,
              startedAt,
              lastEventAt: startedAt,
              qualifiedAt,
              qualifiedDay: qualifiedAt?.slice(0, 10) ?? null,
              status: qualifiedAt ? "qualified" : "ended",
              endReason: qualifiedAt ? null : "expired",
              maxPositionMs: Math.round(g.position * durationMs),
              watchTimeMs: Math.round(g.watched * durationMs),
            };
            statements.push(insertViewStatement(db, record));
            if (g.retried) statements.push(insertViewStatement(db, record));
            if (g.qualified && g.finishedTo !== null) {
              const to = Math.round(g.finishedTo * durationMs);
              statements.push(
                finishQualifiedViewStatement(db, {
                  id: record.id,
                  maxPositionMs: to,
                  watchTimeMs: to,
                  lastEventAt: startedAt,
                }),
              );
            }
          }
          if (statements.length) await env.DB.batch(statements);

          const raw = (
            await env.DB.prepare("select * from views where content_id = ? and viewer_id <> creator_id")
              .bind(item.id)
              .all<{
                started_at: string;
                max_position_ms: number;
                watch_time_ms: number;
                discovery_method: string;
                qualified_at: string | null;
              }>()
          ).results;
          const fromDay = addDays(dayOf(nowMs), -6);
          const inRange = raw.filter((v) => v.started_at.slice(0, 10) >= fromDay);
          const stats = await readItemStats({
            ctx: { db, actor: { id: creator.id, isAdmin: false } },
            input: { contentId: item.id, range: "7d", nowMs },
          });

          const expectedCurve = Array.from({ length: 101 }, (_, x) =>
            raw.length ? raw.filter((v) => stopBucket(v.max_position_ms, durationMs) >= x).length / raw.length : 0,
          );
          expect(stats.retentionViews).toBe(raw.length);
          stats.retention.forEach((share, x) => expect(share).toBeCloseTo(expectedCurve[x], 12));
          expect(stats.views).toBe(inRange.length);
          expect(stats.qualifiedViews).toBe(inRange.filter((v) => v.qualified_at !== null).length);
          const watched = inRange.reduce((n, v) => n + Math.min(v.watch_time_ms, durationMs), 0);
          expect(stats.avgWatchedPercent).toBe(
            inRange.length ? Math.round((watched * 1000) / (inRange.length * durationMs)) / 10 : 0,
          );
          for (const method of DISCOVERY_METHODS) {
            expect(stats.sources.find((s) => s.method === method)?.views).toBe(
              inRange.filter((v) => v.discovery_method === method).length,
            );
          }
          expect(stats.days.reduce((n, d) => n + d.views, 0)).toBe(inRange.length);
        },
      ),
      { numRuns: 25 },
    );
  });
});
