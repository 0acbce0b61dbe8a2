import { badRequest } from "../../lib/errors";
import { isPrivate } from "./visibility";

// An item's visibility and schedule (docs/decisions/094): public, unlisted or private; a scheduled item is private
// with `publishAt` set and public from that moment. `publishedAt` is when it first became public (or, scheduled
// for the first time, will): lists, the following feed and the bell order by it, and it never moves once past, so
// followers are told once whatever the item does after. None of this moves money: views are paid by the rules
// that were always there, and only someone who may open an item can start a view of it.

type Visibility = "public" | "unlisted" | "private";
export type PublishState = { visibility: Visibility; publishAt: string | null; publishedAt: string | null };
/** What finalize or PATCH asked for; undefined leaves the current value (PATCH), null clears the schedule. */
export type PublishRequest = { visibility?: Visibility; publish_at?: string | null };

/** How far ahead an item may be scheduled. */
const SCHEDULE_MAX_DAYS = 365;
const DAY_MS = 86_400_000;

/**
 * The state as it is now: a scheduled item whose time has passed is public, whether or not the cron has
 * written it down yet (worker/domain/content/publish-due.ts).
 */
export function currentPublishState(s: PublishState, nowMs = Date.now()): PublishState {
  if (s.visibility === "private" && s.publishAt !== null && !isPrivate(s, nowMs)) {
    return { visibility: "public", publishAt: null, publishedAt: s.publishedAt };
  }
  return s;
}

/**
 * The state after a request, at `now`. Setting a visibility without `publish_at` clears any schedule (public is
 * "publish now"); `publish_at` schedules a private item, within SCHEDULE_MAX_DAYS and in the future. A
 * `publishedAt` already past is kept; one not yet past (a schedule not yet reached) follows the new schedule.
 */
export function nextPublishState(before: PublishState, req: PublishRequest, nowMs: number): PublishState {
  const current = currentPublishState(before, nowMs);
  const now = new Date(nowMs).toISOString();
  const published = current.publishedAt !== null && current.publishedAt <= now ? current.publishedAt : null;
  if (req.publish_at) {
    const at = Date.parse(req.publish_at);
    if (!(at > nowMs)) throw badRequest("publish_at: the time must be in the future");
    if (at > nowMs + SCHEDULE_MAX_DAYS * DAY_MS) {
      throw badRequest(`publish_at: the time must be within ${SCHEDULE_MAX_DAYS} days`);
    }
    const publishAt = new Date(at).toISOString();
    return { visibility: "private", publishAt, publishedAt: published ?? publishAt };
  }
  const visibility = req.visibility ?? current.visibility;
  // publish_at: null alone clears the schedule and leaves the item private.
  const publishAt = req.visibility === undefined && req.publish_at === undefined ? current.publishAt : null;
  if (visibility === "public") return { visibility, publishAt: null, publishedAt: published ?? now };
  return { visibility, publishAt, publishedAt: published ?? (publishAt ? current.publishedAt : null) };
}
