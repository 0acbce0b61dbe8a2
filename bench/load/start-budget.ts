// Playback starts per member are limited (docs/decisions/030): 60 in a UTC clock minute and 600 in a clock
// hour (fixed windows, worker/lib/rate-window.ts), every attempt counted, refused ones too; beyond that 429.
// The honest players of the load mix stay under it, as people do: before a session they check what their
// account has started in the current windows, by the client's own count. Bursts (attacks) do not ask and take
// their 429s as expected refusals.
//
// The client's clock is the server's on loopback, but a start sent at the end of a minute may be counted in
// the next one: every start is counted in the window it was sent in and in the one it was answered in, and
// honest players keep a margin below the limit. Over-counting only makes them wait a little sooner.
import { sleep } from "./client.ts";
import type { User } from "./setup.ts";

/** PLAYBACK_STARTS_PER_MINUTE and PLAYBACK_STARTS_PER_HOUR of worker/middleware/rate-limit.ts. */
const START_LIMITS = [
  { windowMs: 60_000, limit: 60 },
  { windowMs: 3_600_000, limit: 600 },
] as const;
/** Starts an honest player leaves unused in a window, for the counting above. */
const MARGIN = 4;

/** user id → "windowMs:windowIndex" → starts sent. */
const counts = new Map<string, Map<string, number>>();
const keys = (windowMs: number, ...times: number[]) => [
  ...new Set(times.map((t) => `${windowMs}:${Math.floor(t / windowMs)}`)),
];

/** Count `n` starts of `user`, sent at `sentAt` and answered at `answeredAt` (epoch ms). */
export function noteStarts(user: User, n: number, sentAt: number, answeredAt: number) {
  let mine = counts.get(user.id);
  if (!mine) counts.set(user.id, (mine = new Map()));
  for (const { windowMs } of START_LIMITS)
    for (const k of keys(windowMs, sentAt, answeredAt)) mine.set(k, (mine.get(k) ?? 0) + n);
}

/** Whether `n` more starts of `user` now stay under every limit, with the margin. */
function mayStart(user: User, n: number, now = Date.now()) {
  const mine = counts.get(user.id);
  return START_LIMITS.every(({ windowMs, limit }) => (mine?.get(keys(windowMs, now)[0]!) ?? 0) + n <= limit - MARGIN);
}

/** Honest waits: how often a player had to wait for the next minute (none expected with this mix). */
export const budgetStats = { waits: 0, switchedViewer: 0 };

/**
 * The first of `users` (in order) who may start `n` views now; if none may, waits for the next minute and
 * asks again (an honest viewer who started 56 views in a minute has nothing else to do).
 */
export async function viewerWithBudget(users: User[], n: number): Promise<User> {
  for (;;) {
    const ok = users.find((u) => mayStart(u, n));
    if (ok) {
      if (ok !== users[0]) budgetStats.switchedViewer++;
      return ok;
    }
    budgetStats.waits++;
    await sleep(60_000 - (Date.now() % 60_000) + 50);
  }
}
