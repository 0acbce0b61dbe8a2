// The Worker's own traffic queries, run from the bench: worker/domain/traffic/{dashboard-figures,page-totals}.ts and the
// worker/db/queries/traffic/traffic*.ts under them are bundled with esbuild (their imports have no .ts extensions, so Node
// cannot load them as is). The dashboard is called with a stand-in
// D1 that records its statements (for EXPLAIN QUERY PLAN) instead of running them; the cron's page-totals roll
// runs on the bench database, as the Cron Trigger would.
import { build } from "esbuild";
import path from "node:path";

export type Statement = { sql: string; params: unknown[] };
export type Scope = { rangeDays: number; nowMs: number; creatorId?: string };
type TrafficModule = { trafficDashboard: (db: unknown, scope: Scope) => Promise<unknown> };
type PageTotalsModule = {
  rollPageTotals: (call: { ctx: { env: { DB: unknown } }; input: { nowMs: number } }) => Promise<{ rolled: number[] }>;
};

async function load<T>(file: string): Promise<T> {
  const out = await build({
    entryPoints: [path.resolve(file)],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    logLevel: "silent",
  });
  return (await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0]!.text).toString("base64")}`)) as T;
}

export async function dashboardStatements(scope: Scope): Promise<Statement[]> {
  const { trafficDashboard } = await load<TrafficModule>("worker/domain/traffic/dashboard-figures.ts");
  const captured: Statement[] = [];
  const d1 = {
    prepare: (sql: string) => ({ bind: (...params: unknown[]) => ({ sql, params }) }),
    batch: async (statements: Statement[]) => {
      captured.push(...statements);
      return statements.map(() => ({ results: [] }));
    },
  };
  await trafficDashboard({ $client: d1 }, scope);
  return captured.map((s) => ({ sql: s.sql.replace(/\s+/g, " ").trim(), params: s.params }));
}

/** What the cron does once a day: the page totals of every long range, up to yesterday. */
export async function rollPageTotals(d1: unknown, nowMs: number) {
  const { rollPageTotals } = await load<PageTotalsModule>("worker/domain/traffic/page-totals.ts");
  return rollPageTotals({ ctx: { env: { DB: d1 } }, input: { nowMs } });
}
