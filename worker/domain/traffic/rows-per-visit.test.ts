import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { createDb } from "../../db/client";
import type { QueuedVisit } from "../../db/queries/traffic/visit-batch";
import { newId } from "../../lib/ids";
import { makeContent, makeUser } from "../../test/factories";
import { visitsDataset } from "../archive/visits-dataset";
import { storeVisitBatch } from "./visit-batch";

function countingDb(log: number[][]) {
  const d1 = new Proxy(env.DB, {
    get(target, key) {
      if (key === "batch")
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements);
          log.push(results.map((r) => r.meta.rows_written));
          return results;
        };
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return createDb(d1);
}

it("measures", async () => {
  const creator = await makeUser();
  const item = await makeContent(creator.id);
  const paths = ["/", "/gallery", "/search", `/creator/${creator.id}`, `/content/${item.id}`, "/about", "/p/1", "/p/2"];
  const out: string[] = [];
  for (const size of [1, 20, 100]) {
    await env.DB.batch(
      ["page_visits", "traffic_sessions", "traffic_days", "traffic_day_counts", "traffic_page_days"].map((t) =>
        env.DB.prepare(`delete from ${t}`),
      ),
    );
    let t = Date.parse("2026-11-20T08:00:00.000Z");
    const visit = (session: string, i: number): QueuedVisit => ({
      id: newId(),
      session_id: session,
      page_path: paths[i % paths.length]!,
      referrer: null,
      visit_duration: 10 + (i % 50),
      page_views: 1,
      device_type: i % 3 ? "mobile" : "desktop",
      browser: "chrome",
      user_agent: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: i % 10 === 0 ? "launch" : null,
      utm_term: null,
      utm_content: null,
      userId: null,
      source: i % 4 ? "Direct" : "news.example",
      ipHash: "h",
      createdAt: new Date((t += 1000)).toISOString(),
    });
    // Warm: 20 batches; each visit of a batch is its own session: half of them new, half returning from the batch before.
    let rows = 0;
    let visits = 0;
    let n = 0;
    let prev: string[] = [];
    for (let b = 0; b < 20; b++) {
      const sessions = Array.from({ length: size }, (_, i) => (i % 2 === 1 && prev[i] ? prev[i]! : `s${b}-${i}`));
      const log: number[][] = [];
      await storeVisitBatch({
        ctx: { db: countingDb(log), archive: env.ARCHIVE } as never,
        input: { visits: sessions.map((s) => visit(s, n++)) },
      });
      if (b >= 2) {
        rows += log.flat().reduce((a, x) => a + x, 0);
        visits += size;
      }
      prev = sessions;
    }
    const day = "2026-11-20";
    const read = await visitsDataset.readRows(env.DB, day, "", 1_000_000, env.ARCHIVE as never);
    const del = await env.DB.batch(
      visitsDataset.removeStatements(env.DB, day, "", read[read.length - 1]!.key, Date.now()),
    );
    const delRows = del.reduce((a, r) => a + r.meta.rows_written, 0);
    out.push(
      `batch ${size}: ingest ${(rows / visits).toFixed(2)} + archive delete ${(delRows / n).toFixed(2)} = ${(rows / visits + delRows / n).toFixed(2)} rows per visit`,
    );
  }
  console.log(out.join("\n"));
  expect(out.length).toBe(3);
}, 120_000);
