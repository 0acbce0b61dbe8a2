import { env } from "cloudflare:test";
import fc from "fast-check";
import { expect, it } from "vitest";
import type { QueuedVisit } from "../../db/queries/traffic/visit-batch";
import {
  CREATOR_SCOPE,
  mayNameCreator,
  rollupParams,
  rollupStatements,
  SITE_SCOPE,
} from "../../db/queries/traffic/traffic-rollups";
import { newId } from "../../lib/ids";
import { makeContent, makeUser, testDb } from "../../test/factories";
import { storeVisitBatch } from "./visit-batch";

// The traffic consumer folds a batch of visits in memory (docs/decisions/079); the per-visit statements it replaced
// (traffic-rollups.ts, docs/decisions/020) are the definition of the figures. The same visits, split into batches
// any way and delivered twice, must leave every rollup row and session exactly as the statements did one by one.

const ROLLUPS = {
  traffic_days: "scope, day, sessions, views, duration, bounces",
  traffic_day_counts: "scope, day, dimension, value, sessions, conversions",
  traffic_page_days: "scope, day, page_path, views",
  traffic_sessions:
    "scope, session_id, first_at, last_at, page_views, max_duration, source, device_type, campaign, tagged, converted",
} as const;

async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const [table, columns] of Object.entries(ROLLUPS)) {
    // A row the statements left at zero (a campaign a session moved out of) counts for nothing on any dashboard.
    const zero =
      table === "traffic_sessions"
        ? "false"
        : table === "traffic_page_days"
          ? "views = 0"
          : "sessions = 0 and " + (table === "traffic_days" ? "views = 0" : "conversions = 0");
    const { results } = await env.DB.prepare(
      `select ${columns} from ${table} where not (${zero}) order by ${columns}`,
    ).all();
    out[table] = results;
  }
  return out;
}

async function clear() {
  await env.DB.batch([...Object.keys(ROLLUPS), "traffic_visit_batches"].map((t) => env.DB.prepare(`delete from ${t}`)));
}

/** The visit through the statements the tracker ran per visit before the queue, its limit always passed. */
async function storeOneByOne(v: QueuedVisit) {
  const d1 = env.DB;
  const tagged: 0 | 1 = [v.utm_source, v.utm_medium, v.utm_campaign, v.utm_term, v.utm_content].some(Boolean) ? 1 : 0;
  const params = rollupParams(["equivalence", "0", 1], {
    sessionId: v.session_id,
    createdAt: v.createdAt,
    visitDuration: v.visit_duration,
    source: v.source,
    deviceType: v.device_type,
    campaign: v.utm_campaign,
    tagged,
    userId: v.userId,
    pagePath: v.page_path,
  });
  const scopes = mayNameCreator(v.page_path) ? [SITE_SCOPE, CREATOR_SCOPE] : [SITE_SCOPE];
  await d1.batch(scopes.flatMap((scope) => rollupStatements(d1, scope, params)));
}

it("stores any visits, in batches of any size and delivered twice, as the per-visit statements did", async () => {
  const db = testDb();
  await env.DB.prepare(`insert into rate_limits (key, window_start, count) values ('equivalence', '0', 0)`).run();
  const day0 = Date.parse("2026-11-20T22:00:00.000Z");
  const before = await makeUser({ createdAt: new Date(day0 - 86_400_000).toISOString() });
  const during = await makeUser({ createdAt: new Date(day0 + 3_600_000).toISOString() });
  const creator = await makeUser();
  const item = await makeContent(creator.id);
  const paths = ["/", "/gallery", `/creator/${creator.id}`, `/content/${item.id}`, `/content/${newId()}`];
  const visitArb = fc.record({
    session: fc.integer({ min: 0, max: 4 }),
    path: fc.integer({ min: 0, max: paths.length - 1 }),
    after: fc.integer({ min: 0, max: 4 * 3_600_000 }),
    duration: fc.integer({ min: 0, max: 300 }),
    who: fc.constantFrom(null, before.id, during.id),
    device: fc.constantFrom("desktop", "mobile", "tablet"),
    source: fc.constantFrom("Direct", "news.example", "newsletter"),
    campaign: fc.constantFrom(null, "launch", "spring"),
    medium: fc.constantFrom(null, "email"),
  });
  await fc.assert(
    fc.asyncProperty(
      fc.array(visitArb, { minLength: 1, maxLength: 25 }),
      fc.array(fc.integer({ min: 1, max: 8 })),
      async (drawn, cuts) => {
        let t = day0;
        const visits: QueuedVisit[] = drawn.map((d) => {
          t += d.after;
          return {
            id: newId(),
            session_id: `s${d.session}`,
            page_path: paths[d.path]!,
            referrer: null,
            visit_duration: d.duration,
            page_views: 1,
            device_type: d.device as QueuedVisit["device_type"],
            browser: "chrome",
            user_agent: null,
            utm_source: null,
            utm_medium: d.medium,
            utm_campaign: d.campaign,
            utm_term: null,
            utm_content: null,
            userId: d.who,
            source: d.source,
            ipHash: "h",
            createdAt: new Date(t).toISOString(),
          };
        });
        await clear();
        for (const v of visits) await storeOneByOne(v);
        const expected = await snapshot();
        await clear();
        let at = 0;
        for (const cut of [...cuts, visits.length]) {
          if (at >= visits.length) break;
          const batch = visits.slice(at, at + cut);
          await storeVisitBatch({ ctx: { db, archive: env.ARCHIVE }, input: { visits: batch } });
          // Delivered again (a retry after the write): stores nothing twice.
          await storeVisitBatch({ ctx: { db, archive: env.ARCHIVE }, input: { visits: batch } });
          at += cut;
        }
        expect(await snapshot()).toEqual(expected);
      },
    ),
    { numRuns: 25 },
  );
}, 180_000);
