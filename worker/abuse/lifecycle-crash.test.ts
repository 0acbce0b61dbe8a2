import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { ARCHIVE_WINDOW_DEFAULTS } from "../../common/data-lifecycle";
import { dayParts, partStatements } from "../db/queries/archive/archive";
import { removeVisitsStatements } from "../db/queries/archive/archive-visits";
import type { ArchiveDataset } from "../domain/archive/dataset";
import { sha256OfBytes } from "../domain/archive/part-file";
import { verifyArchivedDay } from "../domain/archive/read-archive";
import { runDataLifecycle, type LifecycleBudget } from "../domain/archive/run-lifecycle";
import { visitsDataset } from "../domain/archive/visits-dataset";
import { addDays, dayOf } from "../lib/days";
import {
  archiveDaysOf,
  archivedLines,
  resetArchiveWorld,
  rollTotalsAt,
  seedVisitsDay,
  visitsRowsOf,
} from "../test/archive";

// The data lifecycle under crashes and races (docs/architecture.md §3 "Data lifecycle"): whatever step a run dies at, and however runs overlap,
// every row ends up archived exactly once and removed from D1 exactly once.

const NOW = Date.UTC(2026, 10, 26, 12, 0);
const DAYS = [addDays(dayOf(NOW), -150), addDays(dayOf(NOW), -149), addDays(dayOf(NOW), -130)];
const RECENT = addDays(dayOf(NOW), -ARCHIVE_WINDOW_DEFAULTS.archive_visits_after_days); // the oldest day the default visits window keeps
const SMALL: LifecycleBudget = { rowsPerPart: 5, partsPerRun: 1000, timeMs: 60_000 };

async function world() {
  for (const d of [...DAYS, RECENT]) await seedVisitsDay(d, 11);
  await rollTotalsAt(NOW);
  return new Map(await Promise.all([...DAYS, RECENT].map(async (d) => [d, await visitsRowsOf(d)] as const)));
}

/** Everything the lifecycle leaves behind: the archive's records and files, and what D1 still holds. */
async function endState() {
  return {
    days: await archiveDaysOf("visits"),
    parts: await Promise.all(DAYS.map((d) => dayParts(env.DB, "visits", d))),
    lines: await Promise.all(DAYS.map((d) => archivedLines("visits", d))),
    inD1: await Promise.all([...DAYS, RECENT].map((d) => visitsRowsOf(d))),
  };
}

async function expectArchivedOnce(before: Map<string, unknown[]>) {
  for (const d of DAYS) {
    expect(await archivedLines("visits", d), `${d}: every row once, in order`).toEqual(before.get(d));
    expect(await visitsRowsOf(d), `${d}: gone from D1`).toEqual([]);
    expect(await verifyArchivedDay(env, "visits", d)).toEqual({ ok: true, problems: [] });
  }
  expect(await visitsRowsOf(RECENT)).toEqual(before.get(RECENT));
}

beforeEach(resetArchiveWorld);

describe("a crash between the R2 write and the D1 batch", () => {
  it("loses and duplicates nothing: the next run writes the same part again", async () => {
    const before = await world();
    // The part is in R2, then the run dies before its batch: a dataset whose statements cannot be built.
    const crashing: ArchiveDataset = {
      ...visitsDataset,
      removeStatements: () => {
        throw new Error("the isolate died");
      },
    };
    const crashed = await runDataLifecycle({
      ctx: { env },
      input: { nowMs: NOW, budget: SMALL, datasets: [crashing] },
    });
    expect(crashed.datasets[0]).toMatchObject({ parts: 0, stopped: "error", error: "the isolate died" });
    expect((await env.ARCHIVE.list({ prefix: `visits/${DAYS[0]}/` })).objects.map((o) => o.key)).toEqual([
      `visits/${DAYS[0]}/part-0001.ndjson.gz`,
    ]);
    expect(await visitsRowsOf(DAYS[0]!), "nothing left D1").toEqual(before.get(DAYS[0]!));
    expect(await archiveDaysOf("visits")).toEqual([]);

    const resumed = await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: SMALL } });
    expect(resumed.datasets[0]).toMatchObject({ days_done: DAYS, error: null });
    await expectArchivedOnce(before);
  });

  it("a crash after the manifest's write finishes the day on the next run, chain intact", async () => {
    const before = await world();
    await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: SMALL } });
    const finished = await archiveDaysOf("visits");
    // As if the last day's run had died after putting its manifest, before marking the day done.
    await env.DB.prepare(
      `update archive_days set status = 'open', manifest_key = null, sha256 = null, prev_sha256 = null, done_at = null where dataset = 'visits' and day = ?`,
    )
      .bind(DAYS[2])
      .run();
    // A later run (a minute on) finishes it with the very same manifest: the manifest holds no clock.
    expect(
      (await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW + 60_000, budget: SMALL } })).datasets[0],
    ).toMatchObject({ parts: 0, days_done: [DAYS[2]] });
    expect((await archiveDaysOf("visits")).map(({ done_at: _, ...d }) => d)).toEqual(
      finished.map(({ done_at: _, ...d }) => d),
    );
    await expectArchivedOnce(before);
  });
});

describe("a removal batch that runs twice", () => {
  it("fails whole the second time and removes nothing", async () => {
    await world();
    await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: { ...SMALL, partsPerRun: 1 } } });
    const [p] = await dayParts(env.DB, "visits", DAYS[0]!);
    expect(p).toMatchObject({ part: 1, after_key: "", rows: 5 });
    // A row that sorts inside the part's key range (a page of the day named "/a"), there when the batch runs again.
    await env.DB.prepare(`insert into traffic_page_days (scope, day, page_path, views) values ('', ?, '/a', 4)`)
      .bind(DAYS[0])
      .run();
    const daysBefore = await archiveDaysOf("visits");
    const again = () =>
      env.DB.batch([
        ...partStatements(env.DB, {
          dataset: "visits",
          day: DAYS[0]!,
          part: 1,
          afterKey: p!.after_key,
          lastKey: p!.last_key,
          rows: p!.rows,
          kept: 0,
          bytes: p!.bytes,
          sha256: p!.sha256,
          objectKey: p!.object_key,
          createdAt: new Date(NOW).toISOString(),
        }),
        ...removeVisitsStatements(env.DB, DAYS[0]!, p!.after_key, p!.last_key),
      ]);
    await expect(again()).rejects.toThrow(/UNIQUE constraint failed: archive_parts/);
    expect(
      await env.DB.prepare(`select views from traffic_page_days where day = ? and page_path = '/a'`)
        .bind(DAYS[0])
        .first("views"),
    ).toBe(4);
    expect(await archiveDaysOf("visits")).toEqual(daysBefore);
  });

  it("two runs at once end with every row archived once", async () => {
    const before = await world();
    const reports = await Promise.all([
      runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: SMALL } }),
      runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: SMALL } }),
    ]);
    // The loser of a race stops with the permit's conflict; whatever is left, the next run finishes.
    for (const r of reports)
      expect([null, expect.stringMatching(/UNIQUE constraint failed: archive_parts/)]).toContainEqual(
        r.datasets[0]!.error,
      );
    await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: SMALL } });
    await expectArchivedOnce(before);
  });
});

describe("a run that loses a race", () => {
  it("never overwrites a part another run has just written", async () => {
    const before = await world();
    // Another run archives part 1 after this run looked up the day's last part and before it reads its rows:
    // this run then reads what is part 2's rows, under part 1's number.
    let raced = false;
    const late: ArchiveDataset = {
      ...visitsDataset,
      readRows: async (d1, day, afterKey, limit, archive) => {
        if (!raced) {
          raced = true;
          expect(
            (await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: { ...SMALL, partsPerRun: 1 } } }))
              .datasets[0],
          ).toMatchObject({ parts: 1, error: null });
        }
        return visitsDataset.readRows(d1, day, afterKey, limit, archive);
      },
    };
    const loser = await runDataLifecycle({
      ctx: { env },
      input: { nowMs: NOW, budget: { ...SMALL, partsPerRun: 1 }, datasets: [late] },
    });
    expect(loser.datasets[0]).toMatchObject({ parts: 0 });
    expect(await verifyArchivedPart1()).toBe(true);
    await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: SMALL } });
    await expectArchivedOnce(before);
  });
});

/** Part 1 of the first day in R2 is still the bytes its permit row names. */
async function verifyArchivedPart1() {
  const [p] = await dayParts(env.DB, "visits", DAYS[0]!);
  const body = await (await env.ARCHIVE.get(p!.object_key))!.arrayBuffer();
  return (await sha256OfBytes(body)) === p!.sha256;
}

describe("a small budget", () => {
  it("one part per run, run after run, reaches the same end state as one big run", async () => {
    const before = await world();
    let runs = 0;
    for (;;) {
      const r = await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: { ...SMALL, partsPerRun: 1 } } });
      expect(r.datasets[0]!.error).toBeNull();
      expect(r.datasets[0]!.parts).toBeLessThanOrEqual(1);
      runs++;
      if (r.datasets[0]!.stopped === "no day is due") break;
      expect(runs).toBeLessThan(100);
    }
    const small = await endState();
    expect(runs).toBeGreaterThan(DAYS.length * 3);
    await expectArchivedOnce(before);

    // The same world again, archived by one run with room for everything.
    await resetArchiveWorld();
    for (const [d, rows] of before) {
      for (const row of rows as Record<string, unknown>[]) {
        const { table, ...cols } = row;
        await env.DB.prepare(
          `insert into ${String(table)} (${Object.keys(cols).join(", ")}) values (${Object.keys(cols)
            .map(() => "?")
            .join(", ")})`,
        )
          .bind(...Object.values(cols))
          .run();
      }
      expect(await visitsRowsOf(d)).toEqual(rows);
    }
    await rollTotalsAt(NOW);
    const big = await runDataLifecycle({ ctx: { env }, input: { nowMs: NOW, budget: SMALL } });
    expect(big.datasets[0]).toMatchObject({ days_done: DAYS, stopped: "no day is due" });
    expect(await endState()).toEqual(small);
  });
});
