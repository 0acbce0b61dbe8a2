// The SQL the traffic dashboard really runs, for EXPLAIN QUERY PLAN: worker/db/queries/traffic.ts is bundled
// with esbuild (its imports have no .ts extensions, so Node cannot load it as is) and called with a stand-in
// D1 that records the statements instead of running them.
import { build } from "esbuild";
import path from "node:path";

export type Statement = { sql: string; params: unknown[] };
type TrafficModule = { trafficDashboard: (db: unknown, scope: { since: string; creatorId?: string }) => Promise<unknown> };

export async function dashboardStatements(scope: { since: string; creatorId?: string }): Promise<Statement[]> {
  const out = await build({
    entryPoints: [path.resolve("worker/db/queries/traffic.ts")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    logLevel: "silent",
  });
  const url = `data:text/javascript;base64,${Buffer.from(out.outputFiles[0]!.text).toString("base64")}`;
  const { trafficDashboard } = (await import(url)) as TrafficModule;
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
