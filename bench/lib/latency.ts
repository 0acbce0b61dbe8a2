// Gallery and search latency at one catalogue size. The queries are interleaved in rounds (each round runs
// every query, in a rotating order), so a burst of outside load lands on all of them alike instead of on
// whichever query happened to be running; a no-D1 request measured the same way shows the noise floor.
import { timedRequest, pool } from "./http.ts";
import { summarize, type Summary } from "./stats.ts";

export type QuerySpec = { name: string; label: string; path: string };

type Phase = Summary & { concurrency: number; samples: number[] };

export type QueryMeasurement = {
  request: string;
  items: number;
  /** Rows SQLite read for one request (D1 meta.rows_read): the work, independent of machine load. */
  rowsRead: number | null;
  warmup: number;
  sequential: Phase;
  concurrent: Phase;
  loadAverage: number;
  rounds: number;
};

export type LatencyPlan = {
  warmup: number;
  rounds: number;
  /** Sequential requests per query and round. */
  sequentialPerRound: number;
  /** Requests per query and round with `concurrency` clients. */
  concurrentPerRound: number;
  concurrency: number;
  /** A query's share of one round stops early after this long (keeps slow queries bounded). */
  roundBudgetMs: number;
  /** No new round starts after this long (at least `minRounds` run): bounds a run on a busy machine. */
  sizeBudgetMs: number;
  minRounds: number;
};

export const DEFAULT_PLAN: LatencyPlan = {
  warmup: 10,
  rounds: 6,
  sequentialPerRound: 30,
  concurrentPerRound: 24,
  concurrency: 4,
  roundBudgetMs: 2_000,
  sizeBudgetMs: 75_000,
  minRounds: 3,
};

async function burst(url: string, count: number, concurrency: number, budgetMs: number): Promise<number[]> {
  const start = performance.now();
  const results = await pool(count, concurrency, () => timedRequest(url), start + budgetMs);
  const bad = results.find((r) => r.status !== 200);
  if (bad) throw new Error(`${url}: HTTP ${bad.status}`);
  return results.map((r) => Math.round(r.ms * 100) / 100);
}

const rotate = <T>(xs: T[], by: number) => xs.map((_, i) => xs[(i + by) % xs.length]!);

export async function measureQueries(origin: string, specs: QuerySpec[], plan: LatencyPlan, loadAverage: () => number) {
  const items = new Map<string, number>();
  const rowsRead = new Map<string, number | null>();
  for (const spec of specs) {
    const first = await timedRequest(origin + spec.path, { keepBody: true });
    if (first.status !== 200)
      throw new Error(`${spec.path}: HTTP ${first.status} ${first.body?.toString().slice(0, 200)}`);
    const body = JSON.parse(first.body!.toString()) as { items?: unknown[] };
    items.set(spec.name, body.items?.length ?? 0);
    rowsRead.set(spec.name, first.rowsRead === null ? null : Number.parseInt(first.rowsRead, 10));
    for (let i = 1; i < plan.warmup; i++) await timedRequest(origin + spec.path);
  }
  const seq = new Map<string, number[]>(specs.map((s) => [s.name, []]));
  const conc = new Map<string, number[]>(specs.map((s) => [s.name, []]));
  const loads: number[] = [];
  const start = performance.now();
  let rounds = 0;
  for (let r = 0; r < plan.rounds; r++) {
    if (r >= plan.minRounds && performance.now() - start > plan.sizeBudgetMs) break;
    rounds++;
    for (const spec of rotate(specs, r)) {
      seq.get(spec.name)!.push(...(await burst(origin + spec.path, plan.sequentialPerRound, 1, plan.roundBudgetMs)));
    }
    for (const spec of rotate(specs, r)) {
      conc
        .get(spec.name)!
        .push(...(await burst(origin + spec.path, plan.concurrentPerRound, plan.concurrency, plan.roundBudgetMs)));
    }
    loads.push(loadAverage());
  }
  const load = Math.round((loads.reduce((a, b) => a + b, 0) / loads.length) * 100) / 100;
  const out: Record<string, QueryMeasurement> = {};
  for (const spec of specs) {
    const s = seq.get(spec.name)!;
    const c = conc.get(spec.name)!;
    out[spec.name] = {
      request: `GET ${spec.path}`,
      items: items.get(spec.name)!,
      rowsRead: rowsRead.get(spec.name)!,
      warmup: plan.warmup,
      sequential: { ...summarize(s), concurrency: 1, samples: s },
      concurrent: { ...summarize(c), concurrency: plan.concurrency, samples: c },
      loadAverage: load,
      rounds,
    };
  }
  return out;
}
