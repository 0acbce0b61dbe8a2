// Fixed one-minute windows counted in D1 (`rate_limits`), so every isolate sees the same count.
export const WINDOW_MS = 60_000;

export function windowStart(nowMs: number) {
  return new Date(Math.floor(nowMs / WINDOW_MS) * WINDOW_MS).toISOString();
}

/** Counts one request for `key` in the current window (a statement for the caller's batch). */
export function countRequest(d1: D1Database, key: string, nowMs: number) {
  return d1
    .prepare(
      `insert into rate_limits (key, window_start, count) values (?1, ?2, 1)
       on conflict (key, window_start) do update set count = count + 1`,
    )
    .bind(key, windowStart(nowMs));
}

/**
 * Counts one request for `key` and says whether it is within `limit` for this window: one statement, so
 * concurrent requests from one address cannot all slip under the limit.
 */
export async function withinLimit(d1: D1Database, key: string, limit: number, nowMs: number) {
  const row = await d1
    .prepare(
      `insert into rate_limits (key, window_start, count) values (?1, ?2, 1)
       on conflict (key, window_start) do update set count = count + 1 returning count`,
    )
    .bind(key, windowStart(nowMs))
    .first<{ count: number }>();
  return (row?.count ?? 0) <= limit;
}

/** Whole seconds until the current window ends (a 429's Retry-After). */
export const secondsLeftInWindow = (nowMs: number) => Math.max(1, Math.ceil((WINDOW_MS - (nowMs % WINDOW_MS)) / 1000));

/** SQL condition (for a conditional insert) that holds while `key` is within `limit` in this window. */
export const WITHIN_LIMIT = `(select count from rate_limits where key = ?1 and window_start = ?2) <= ?3`;

/** Old windows are useless once passed; the cron clears them. */
export function purgeOldWindows(d1: D1Database, nowMs: number) {
  return d1.prepare("delete from rate_limits where window_start < ?1").bind(windowStart(nowMs - WINDOW_MS));
}
