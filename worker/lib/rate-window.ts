// Rate limits count requests in fixed windows (worker/db/queries/auth/rate-limits.ts keeps the counts): one minute
// for per-address limits, one hour for per-member ones.
export const WINDOW_MS = 60_000;
export const HOUR_WINDOW_MS = 3_600_000;

export function windowStart(nowMs: number, windowMs = WINDOW_MS) {
  return new Date(Math.floor(nowMs / windowMs) * windowMs).toISOString();
}

/** Whole seconds until the current window ends (a refusal's Retry-After). */
export const secondsLeftInWindow = (nowMs: number, windowMs = WINDOW_MS) =>
  Math.max(1, Math.ceil((windowMs - (nowMs % windowMs)) / 1000));
