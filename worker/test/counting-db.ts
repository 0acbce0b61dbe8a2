import { env } from "cloudflare:test";
import { createDb } from "../db/client";

/**
 * The test runtime's D1, recording the rows each batch statement wrote (D1's own `meta.rows_written`: every row and
 * every index entry a write touches, triggers included, what D1 bills): for the tests that hold a hot path's rows.
 */
export function countingDb(log: number[][]) {
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
