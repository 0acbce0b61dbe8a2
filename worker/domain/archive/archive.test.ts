import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { ARCHIVE_WINDOW_DEFAULTS } from "../../../common/data-lifecycle";
import { archivedDay } from "../../db/queries/archive/archive";
import { readArchiveWindows } from "../../db/queries/archive/archive-settings";
import { addDays, dayOf } from "../../lib/days";
import {
  archiveDaysOf,
  archivedLines,
  pageDaysRowsOf,
  resetArchiveWorld,
  rollTotalsAt,
  seedVisitsDay,
  visitsRowsOf,
} from "../../test/archive";
import { decodeLines, encodePart, partObjectKey } from "./part-file";
import { verifyArchivedDay, archivedDayManifest } from "./read-archive";
import { runDataLifecycle } from "./run-lifecycle";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26, 12, 0);
const BIG = { rowsPerPart: 7, partsPerRun: 1000, timeMs: 60_000 };

describe("archive parts", () => {
  it("round-trip their rows as gzip NDJSON", async () => {
    const a = [{ key: "1", line: { id: "1", text: "emoji 🎬, <b>html</b>, new\nline" } }];
    const b = [
      { key: "2", line: { id: "2", n: 3, none: null } },
      { key: "3", line: { id: "3", deep: { x: [1, 2] } } },
    ];
    const [pa, pb] = [await encodePart(a), await encodePart(b)];
    expect(pa[0]).toBe(0x1f); // gzip
    expect(await decodeLines(pa)).toEqual(a.map((r) => r.line));
    expect(await decodeLines(pb)).toEqual(b.map((r) => r.line));
    expect(partObjectKey("visits", "2026-01-02", 7)).toBe("visits/2026-01-02/part-0007.ndjson.gz");
  });
});

describe("the visits lifecycle", () => {
  const days = [addDays(dayOf(NOW), -140), addDays(dayOf(NOW), -130), addDays(dayOf(NOW), -125)];
  // Past the visits window (1 day past their own by default) but not past the page-day totals' (91 days): only its
  // sessions and visits go (decision 054).
  const midway = addDays(dayOf(NOW), -50);
  // The oldest day the default visits window keeps.
  const recent = addDays(dayOf(NOW), -ARCHIVE_WINDOW_DEFAULTS.archive_visits_after_days);
  beforeEach(resetArchiveWorld);

  async function world() {
    for (const d of [...days, midway, recent]) await seedVisitsDay(d, 9);
    await rollTotalsAt(NOW);
    const before = new Map<string, { visits: unknown[]; pageDays: unknown[] }>();
    for (const d of [...days, midway, recent])
      before.set(d, { visits: await visitsRowsOf(d), pageDays: await pageDaysRowsOf(d) });
    return before;
  }

  it("moves each day older than the window to R2 in parts, chains the manifests, and keeps the rest", async () => {
    const before = await world();
    const report = await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: BIG } });
    // The views and member-days datasets run last, and have nothing to move in a world of visits.
    expect(report.datasets).toEqual([
      expect.objectContaining({
        dataset: "visits",
        days_done: [...days, midway],
        error: null,
        stopped: "no day is due",
      }),
      expect.objectContaining({ dataset: "page-days", days_done: days, error: null, stopped: "no day is due" }),
      expect.objectContaining({ dataset: "views", parts: 0, error: null }),
      expect.objectContaining({ dataset: "member-days", parts: 0, error: null }),
    ]);
    const sum = (ds: string[], of: "visits" | "pageDays") => ds.reduce((n, d) => n + before.get(d)![of].length, 0);
    expect(report.datasets[0]!.rows).toBe(sum([...days, midway], "visits"));
    expect(report.datasets[1]!.rows).toBe(sum(days, "pageDays"));
    for (const [dataset, of, moved] of [
      ["visits", "visits", [...days, midway]],
      ["page-days", "pageDays", days],
    ] as const) {
      const archived = (await archiveDaysOf(dataset)).reverse();
      expect(archived.map((d) => [d.day, d.status, d.rows])).toEqual(
        moved.map((d) => [d, "done", before.get(d)![of].length]),
      );
      // The chain: each day's manifest names the one before it.
      expect(archived[0]!.prev_sha256).toBeNull();
      for (let i = 1; i < archived.length; i++) expect(archived[i]!.prev_sha256).toBe(archived[i - 1]!.sha256);
      for (const d of moved) {
        expect(await archivedLines(dataset, d), `${dataset} ${d} as archived`).toEqual(before.get(d)![of]);
        expect(await verifyArchivedDay(env, dataset, d)).toEqual({ ok: true, problems: [] });
        const manifest = (await archivedDayManifest(env, dataset, d))!;
        expect(manifest.rows).toBe(before.get(d)![of].length);
        expect(manifest.parts.length).toBe(Math.ceil(before.get(d)![of].length / BIG.rowsPerPart));
      }
    }
    for (const d of days) {
      expect(await visitsRowsOf(d), `${d}'s visits left D1`).toEqual([]);
      expect(await pageDaysRowsOf(d), `${d}'s page days left D1`).toEqual([]);
    }
    expect(await visitsRowsOf(midway), "past the visits window").toEqual([]);
    expect(await pageDaysRowsOf(midway), "inside the page days' window").toEqual(before.get(midway)!.pageDays);
    expect(before.get(midway)!.pageDays.length).toBeGreaterThan(0);
    expect(await visitsRowsOf(recent), "inside the window").toEqual(before.get(recent)!.visits);
    expect(await pageDaysRowsOf(recent)).toEqual(before.get(recent)!.pageDays);
    // Nothing more is due: a second run moves nothing.
    for (const d of (await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: BIG } })).datasets)
      expect(d, d.dataset).toMatchObject({ parts: 0, days_done: [] });
  });

  it("finds a tampered part or manifest, and a broken link", async () => {
    await world();
    await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: BIG } });
    const [d1, d2] = days as [string, string];
    const part = partObjectKey("visits", d1, 2);
    const original = await (await env.ARCHIVE.get(part))!.arrayBuffer();
    await env.ARCHIVE.put(part, await encodePart([{ key: "x", line: { forged: true } }]));
    expect(await verifyArchivedDay(env, "visits", d1)).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^part 2 has \d+ bytes/), "part 2's hash differs"],
    });
    await env.ARCHIVE.put(part, original);
    expect((await verifyArchivedDay(env, "visits", d1)).ok).toBe(true);
    // A rewritten manifest (one row fewer) no longer matches its recorded hash, which the next day links to.
    const key = (await archivedDay(env.DB, "visits", d2))!.manifest_key!;
    const manifest = JSON.parse(await (await env.ARCHIVE.get(key))!.text()) as { rows: number };
    await env.ARCHIVE.put(key, JSON.stringify({ ...manifest, rows: manifest.rows - 1 }));
    expect((await verifyArchivedDay(env, "visits", d2)).problems).toContain(
      "the manifest's hash differs from the recorded one",
    );
    await env.DB.prepare(`update archive_days set sha256 = 'forged' where dataset = 'visits' and day = ?`)
      .bind(d1)
      .run();
    expect((await verifyArchivedDay(env, "visits", d2)).problems).toContain("the link to the previous day is broken");
  });

  it("keeps page days the page totals still read, and each dataset for its window", async () => {
    await seedVisitsDay(days[0]!, 4);
    // The cron last rolled the totals long ago: the 90-day totals still hold the day.
    await rollTotalsAt(Date.parse(`${addDays(days[0]!, 60)}T12:00:00.000Z`));
    // A longer window keeps both: page days stay at least as long as the visits.
    await env.DB.prepare(
      `insert into settings (key, value, updated_at) values ('archive_visits_after_days', '200', '')`,
    ).run();
    for (const d of (await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: BIG } })).datasets)
      expect(d, d.dataset).toMatchObject({ parts: 0, stopped: "no day is due" });
    await env.DB.prepare(`update settings set value = '120' where key = 'archive_visits_after_days'`).run();
    // The visits go; the page days wait for the totals.
    const [visits, pageDays] = (await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: BIG } })).datasets;
    expect(visits).toMatchObject({ dataset: "visits", days_done: [days[0]] });
    expect(pageDays).toMatchObject({ dataset: "page-days", parts: 0, stopped: "no day is due" });
    expect((await pageDaysRowsOf(days[0]!)).length).toBeGreaterThan(0);
    await rollTotalsAt(NOW);
    expect((await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: BIG } })).datasets[1]).toMatchObject({
      dataset: "page-days",
      days_done: [days[0]],
    });
  });

  it("never reads a window under its minimum", async () => {
    const put = (key: string, value: string) =>
      env.DB.prepare(
        `insert into settings (key, value, updated_at) values (?, ?, '') on conflict (key) do update set value = excluded.value`,
      )
        .bind(key, value)
        .run();
    expect(await readArchiveWindows(env.DB)).toEqual({
      visits_stored: 1,
      visits_effective: 1,
      views_stored: 8,
      views_effective: 8,
      views_min: 8,
      hold_days: 7,
      notices_stored: 7,
      notices_effective: 7,
    });
    await put("archive_visits_after_days", "1");
    await put("archive_views_after_days", "40");
    await put("earnings_hold_days", "45");
    // The hold was raised after the window was set: the window reads as the new minimum.
    expect(await readArchiveWindows(env.DB)).toMatchObject({
      visits_effective: 1,
      views_stored: 40,
      views_effective: 46,
      views_min: 46,
    });
    await put("earnings_hold_days", "0");
    expect(await readArchiveWindows(env.DB)).toMatchObject({ views_effective: 40, views_min: 2 });
    // How long notifications stay (decisions 055, 057): never under a week.
    await put("notifications_keep_days", "5");
    expect(await readArchiveWindows(env.DB)).toMatchObject({ notices_stored: 5, notices_effective: 7 });
    await put("notifications_keep_days", "45");
    expect(await readArchiveWindows(env.DB)).toMatchObject({ notices_stored: 45, notices_effective: 45 });
  });

  it("a day is chained to the last finished day even across days with no rows", async () => {
    await seedVisitsDay(days[0]!, 3);
    await rollTotalsAt(NOW);
    await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: BIG } });
    await seedVisitsDay(days[2]!, 3);
    await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW + DAY, budget: BIG } });
    const [first, second] = (await archiveDaysOf("visits")).reverse();
    expect(second!.prev_sha256).toBe(first!.sha256);
  });
});
