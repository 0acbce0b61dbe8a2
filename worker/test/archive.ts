import { env } from "cloudflare:test";
import { expect } from "vitest";
import { archivedDays } from "../db/queries/archive/archive";
import { decodeLines } from "../domain/archive/part-file";
import { archivedDayManifest, archivedDayStream } from "../domain/archive/read-archive";
import { rollPageTotals } from "../domain/traffic/page-totals";
import { addDays } from "../lib/days";
import { newId } from "../lib/ids";

// A day of stored traffic written straight into the tables the visits and page-days datasets move (the tracker's own path is
// exercised by the dashboard test), and what an archive holds, read back from R2.

/** `visits` page visits on `day` in sessions of two, each session in the site's scope and, every third, a creator's. */
export async function seedVisitsDay(day: string, visits: number, creatorId = "CREATOR0000000000000000000") {
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < visits; i++) {
    const session = `s-${day}-${Math.floor(i / 2)}`;
    const at = `${day}T${String(Math.floor((i * 7) % 24)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}:00.000Z`;
    const path = i % 3 === 0 ? `/creator/${creatorId}` : `/p/${i % 4}`;
    statements.push(
      env.DB.prepare(
        `insert into page_visits (id, session_id, page_path, device_type, browser, referrer, source, created_at)
         values (?, ?, ?, 'mobile', 'chrome', ?, 'Direct', ?)`,
      ).bind(newId(), session, path, i % 5 === 0 ? "https://ünï.example/✓" : null, at),
      env.DB.prepare(
        `insert into traffic_page_days (scope, day, page_path, views) values ('', ?, ?, 1)
         on conflict (scope, day, page_path) do update set views = views + 1`,
      ).bind(day, path),
    );
    if (i % 2 === 0) {
      // The day's source, device and campaign counts (page-days dataset, decision 056); a campaign may hold
      // any text, the key's separator (U+0001) included.
      const counts = [
        ["source", "Direct"],
        ["device", "mobile"],
        ...(i % 10 === 0 ? [["campaign", `spring\u0001${i % 3} ✓`]] : []),
      ];
      for (const [dimension, value] of counts) {
        statements.push(
          env.DB.prepare(
            `insert into traffic_day_counts (scope, day, dimension, value, sessions, conversions) values ('', ?, ?, ?, 1, 0)
             on conflict (scope, day, dimension, value) do update set sessions = sessions + 1`,
          ).bind(day, dimension!, value!),
        );
      }
      for (const scope of i % 3 === 0 ? ["", creatorId] : [""]) {
        statements.push(
          env.DB.prepare(
            `insert into traffic_sessions (scope, session_id, first_at, last_at, page_views, max_duration, source, device_type, tagged, converted)
             values (?, ?, ?, ?, 1, 30, 'Direct', 'mobile', 0, 0)`,
          ).bind(scope, session, at, at),
        );
      }
    }
  }
  await env.DB.batch(statements);
}

/**
 * Starts a test of the lifecycle from no traffic and no archive (a test file's tests share its database, and
 * a run archives the oldest day of all).
 */
export async function resetArchiveWorld() {
  await env.DB.batch(
    [
      "page_visits",
      "traffic_visit_batches",
      "traffic_sessions",
      "traffic_page_days",
      "traffic_day_counts",
      "traffic_page_totals",
      "traffic_page_totals_state",
      "archive_parts",
      "archive_days",
    ]
      .map((t) => env.DB.prepare(`delete from ${t}`))
      .concat(
        env.DB.prepare(
          `delete from settings where key like 'archive_%' or key in ('earnings_hold_days', 'notifications_keep_days')`,
        ),
      ),
  );
  for (let listed = await env.ARCHIVE.list(); listed.objects.length; listed = await env.ARCHIVE.list()) {
    await env.ARCHIVE.delete(listed.objects.map((o) => o.key));
  }
}

/** The cron's page totals rolled up to `nowMs` (a visits day waits until they no longer read it). */
export const rollTotalsAt = (nowMs: number) => rollPageTotals({ ctx: { env }, input: { nowMs } });

const read = (sql: string, ...p: string[]) =>
  env.DB.prepare(sql)
    .bind(...p)
    .all<Record<string, unknown>>()
    .then((r) => r.results);

/** What D1 holds of a day's source, device and campaign counts and page-day totals, in the order the page-days dataset reads them. */
export async function pageDaysRowsOf(day: string) {
  return [
    ...(await read(`select * from traffic_day_counts where day = ? order by scope, dimension, value`, day)).map(
      (r) => ({ table: "traffic_day_counts", ...r }),
    ),
    ...(await read(`select * from traffic_page_days where day = ? order by scope, page_path`, day)).map((r) => ({
      table: "traffic_page_days",
      ...r,
    })),
  ];
}

/** What D1 holds of a day's sessions and (stored before decision 085) visits, in the order the visits dataset reads them. */
export async function visitsRowsOf(day: string) {
  const next = addDays(day, 1);
  return [
    ...(
      await read(
        `select scope, session_id, first_at, last_at, page_views, max_duration, source, device_type, campaign, tagged,
           converted from traffic_sessions where first_at >= ? and first_at < ? order by scope, session_id`,
        `${day}T`,
        `${next}T`,
      )
    ).map((r) => ({ table: "traffic_sessions", ...r })),
    ...(
      await read(
        `select * from page_visits where created_at >= ? and created_at < ? order by created_at, id`,
        `${day}T`,
        `${next}T`,
      )
    ).map((r) => ({ table: "page_visits", ...r })),
  ];
}

/**
 * The lines of an archived day's download, read back from R2. The file is its parts' gzip members joined (one
 * valid gzip file for gunzip, zcat or Python); workerd's DecompressionStream stops at the first member, so the
 * test splits the file at the manifest's part sizes, which also proves it is exactly the parts in order.
 */
export async function archivedLines(dataset: "visits" | "page-days" | "views", day: string) {
  const file = await archivedDayStream(env, dataset, day);
  if (!file) return null;
  const bytes = new Uint8Array(await new Response(file.body).arrayBuffer());
  const { parts } = (await archivedDayManifest(env, dataset, day))!;
  expect(bytes.byteLength).toBe(parts.reduce((n, p) => n + p.bytes, 0));
  const lines: unknown[] = [];
  let at = 0;
  for (const p of parts) {
    lines.push(...(await decodeLines(bytes.slice(at, at + p.bytes))));
    at += p.bytes;
  }
  return lines;
}

export const archiveDaysOf = (dataset: "visits" | "page-days" | "views") => archivedDays(env.DB, dataset, 1000);
