// Resume and history (docs/decisions/045): pure rules over the last position the viewer's own
// watch-session object keeps per item. Nothing here touches a view, a credit or any other money fact.

/** Less than this into an item is nothing worth resuming: the player just starts. */
export const RESUME_MIN_MS = 5_000;
/** From this share of the item on, it counts as finished (credits and end cards): nothing to resume. */
export const FINISHED_FRACTION = 0.95;
/** The viewer's object keeps the last position of at most this many items; older ones drop off. */
export const HISTORY_MAX_ITEMS = 500;
/** Minutes within which playing an item again shows no pre-roll, unless an admin changes it (ad setting). */
export const PREROLL_SKIP_MINUTES_DEFAULT = 30;

/** The last position the viewer reached in an item, kept by their watch-session object. */
export type LastPosition = { contentId: string; positionMs: number; durationMs: number; watchedAtMs: number };

export const isFinished = (p: Pick<LastPosition, "positionMs" | "durationMs">) =>
  p.durationMs <= 0 || p.positionMs >= FINISHED_FRACTION * p.durationMs;

/** Worth offering "Resume from m:ss": started (≥ 5 s in) and not finished. */
const isUnfinished = (p: Pick<LastPosition, "positionMs" | "durationMs">) =>
  p.positionMs >= RESUME_MIN_MS && !isFinished(p);

/** Whole seconds to resume at, or null when there is nothing to resume. */
export const resumeAtSeconds = (p: LastPosition | null): number | null =>
  p && isUnfinished(p) ? Math.floor(p.positionMs / 1000) : null;

/** How much of the item the last position stands for, in whole percent (0–100). */
export const positionPercent = (p: Pick<LastPosition, "positionMs" | "durationMs">) =>
  p.durationMs > 0 ? Math.min(100, Math.floor((p.positionMs * 100) / p.durationMs)) : 0;

/** Played within the admin's window: the viewer saw the pre-roll minutes ago, so it is not shown again. */
export const skipsPreroll = (p: LastPosition | null, nowMs: number, windowMinutes: number) =>
  p !== null && windowMinutes > 0 && nowMs - p.watchedAtMs <= windowMinutes * 60_000;
