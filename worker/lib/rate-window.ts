// Rate limits count requests in fixed one-minute windows (worker/db/queries/rate-limits.ts keeps the counts).
export const WINDOW_MS = 60_000;

export function windowStart(nowMs: number) {
  return new Date(Math.floor(nowMs / WINDOW_MS) * WINDOW_MS).toISOString();
}

/** Whole seconds until the current window ends (a refusal's Retry-After). */
export const secondsLeftInWindow = (nowMs: number) => Math.max(1, Math.ceil((WINDOW_MS - (nowMs % WINDOW_MS)) / 1000));
