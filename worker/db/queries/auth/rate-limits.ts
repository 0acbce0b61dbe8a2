import { HOUR_WINDOW_MS, WINDOW_MS, windowStart } from "../../../lib/rate-window";

// Per-key request counts in fixed windows (`rate_limits`), so every isolate sees the same count: one-minute
// windows, and hour windows for keys that start with HOURLY (per-member limits such as reports).

const HOURLY = "hourly:";

export type LimitCheck = { key: string; limit: number; window: "minute" | "hour" };

/**
 * Counts one request for each check's key and says, for each, whether it is within its limit for its window
 * (a minute, or an hour): one statement per key, all in one batch (one round trip), so concurrent requests
 * from one address or member cannot all slip under a limit.
 */
export async function withinLimits(d1: D1Database, checks: LimitCheck[], nowMs: number): Promise<boolean[]> {
  if (!checks.length) return [];
  const statements = checks.map(({ key, window }) => {
    const [stored, start] =
      window === "hour" ? [`${HOURLY}${key}`, windowStart(nowMs, HOUR_WINDOW_MS)] : [key, windowStart(nowMs)];
    return d1
      .prepare(
        `insert into rate_limits (key, window_start, count) values (?1, ?2, 1)
         on conflict (key, window_start) do update set count = count + 1 returning count`,
      )
      .bind(stored, start);
  });
  const results = await d1.batch<{ count: number }>(statements);
  return results.map((r, i) => (r.results[0]?.count ?? 0) <= checks[i]!.limit);
}

/** withinLimits for one key. */
export async function withinLimit(
  d1: D1Database,
  key: string,
  limit: number,
  nowMs: number,
  window: "minute" | "hour" = "minute",
) {
  const [ok] = await withinLimits(d1, [{ key, limit, window }], nowMs);
  return ok!;
}

/** SQL condition (for a conditional insert) that holds while `key` is within `limit` in this window. */
export const WITHIN_LIMIT = `(select count from rate_limits where key = ?1 and window_start = ?2) <= ?3`;

/** Old windows are useless once passed; the cron clears them (hour windows once their hour has passed). */
export function purgeOldWindows(d1: D1Database, nowMs: number) {
  return d1
    .prepare(`delete from rate_limits where window_start < ?1 and (window_start < ?2 or key not like '${HOURLY}%')`)
    .bind(windowStart(nowMs - WINDOW_MS), windowStart(nowMs - HOUR_WINDOW_MS, HOUR_WINDOW_MS));
}
