// What makes a view count (DESIGN.md §4 "A view"), as pure functions the routes and tests share.

export const QUALIFY_FRACTION = 0.8;
/** 80 % watched at up to 2× speed needs at least 40 % of the duration in real (server) time. */
export const MIN_TIME_FRACTION = 0.4;
export const TIME_GRACE_MS = 2000;
/** Players report a position a hair past the metadata duration at the very end. */
export const END_TOLERANCE_MS = 1000;
export const EARNABLE_VIEWS_PER_DAY = 3;
export const VIEW_REWARD_MICROS = 3000;

export type ViewState = {
  startedAtMs: number;
  maxPositionMs: number;
  durationMs: number;
  qualified: boolean;
};

export type ProgressVerdict =
  | { accepted: false; reason: "backwards" | "past_end" }
  | { accepted: true; maxPositionMs: number; qualifies: boolean };

/** Judges one reported position against the view so far, on the server's clock. */
export function judgeProgress(view: ViewState, positionMs: number, nowMs: number): ProgressVerdict {
  if (positionMs > view.durationMs + END_TOLERANCE_MS) return { accepted: false, reason: "past_end" };
  if (positionMs < view.maxPositionMs) return { accepted: false, reason: "backwards" };
  const maxPositionMs = Math.min(positionMs, view.durationMs);
  return { accepted: true, maxPositionMs, qualifies: !view.qualified && qualifies({ ...view, maxPositionMs }, nowMs) };
}

export function qualifies(view: Omit<ViewState, "qualified">, nowMs: number): boolean {
  const watchedEnough = view.maxPositionMs >= QUALIFY_FRACTION * view.durationMs;
  const tookLongEnough = nowMs - view.startedAtMs >= MIN_TIME_FRACTION * view.durationMs - TIME_GRACE_MS;
  return watchedEnough && tookLongEnough;
}

/** The UTC day a qualified view counts toward for the per-day cap. */
export const utcDay = (iso: string) => iso.slice(0, 10);
