import { z } from "zod";
import { VIEW_REASON_CODES } from "../earning-policy";
import { isIsoDay } from "../report-range";
import { contentTypeOut } from "./content";

/** GET /api/me/views: "a reason for every view", one UTC day of the caller's views as viewer or as creator. */
export const myViewsQuery = z.object({
  date: z.string("date is required").refine(isIsoDay, "date must be a date like 2026-01-31"),
  as: z.enum(["viewer", "creator"], "as must be viewer or creator").default("viewer"),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** What a view did for the caller: paid and available, paid but held, never paid, or paid and taken back. */
const viewOutcomeOut = z.enum(["earned", "pending", "not_earned", "reversed"]);
export type ViewOutcome = z.output<typeof viewOutcomeOut>;

/**
 * Why, from one documented set (common/earning-policy.ts, with the words members read); null for an earned
 * view and for a pending one that only waits out its hold.
 *  - removed: the item was taken down by moderators, or (not paid) hidden because its creator is suspended:
 *    not paid, or paid and taken back by the takedown (docs/decisions/027);
 *  - suspended: the viewer's account was suspended: not paid, or paid and taken back (docs/decisions/027);
 *  - creator_suspended: paid and taken back because the item's creator was suspended (docs/decisions/066: a reversal
 *    names its cause);
 *  - given_back: (pending) taken back by a takedown or suspension, then given back by a granted appeal and held again
 *    until `available_at` (docs/decisions/096);
 *  - not_delivered: watched long enough, but the stream never served the viewer 80 % of the item's bytes
 *    (docs/decisions/029);
 *  - network_cap: the viewer's network (an IPv4 address, an IPv6 /56) already had its paid views of this
 *    creator that day (docs/decisions/065);
 *  - thin_media, small_picture, low_frame_rate: the item's media is under a floor measured at upload, so
 *    its views are paid nothing (docs/decisions/063).
 */
const viewReasonOut = z.enum(VIEW_REASON_CODES);
export type ViewReason = z.output<typeof viewReasonOut>;

const myViewOut = z.object({
  id: z.string(),
  content_id: z.string(),
  content_title: z.string(),
  content_type: contentTypeOut,
  /** The item was deleted since (docs/decisions/028): the view and what it paid stay; the item opens no more. */
  content_deleted: z.boolean(),
  started_at: z.string(),
  /** Accepted watch time as a share of the item's duration, 0–100 (whole percent). */
  watched_percent: z.number().int(),
  outcome: viewOutcomeOut,
  reason: viewReasonOut.nullable(),
  /** What this view paid (or would pay, or paid and lost) the caller on this side, in USD; 0 when not earned. */
  amount_usd: z.number(),
  /** For a pending view in its hold: when it becomes available. */
  available_at: z.string().nullable(),
});
export type MyViewJson = z.output<typeof myViewOut>;

/**
 * The day's summary on this side once its views are archived (docs/decisions/053): its views left the site's
 * database for the archive, and what D1 keeps of them (member_view_days) says what the day held. Counted at
 * the time each fact was written: views started that day, how many qualified, how many were paid, what they
 * paid on this side less what was taken back, and how many payments were taken back.
 */
const archivedDayOut = z.object({
  views: z.number().int(),
  qualified: z.number().int(),
  credited: z.number().int(),
  amount_usd: z.number(),
  reversed: z.number().int(),
});
export type ArchivedDayJson = z.output<typeof archivedDayOut>;

/** GET /api/me/views?date=YYYY-MM-DD[&as=creator]: the caller's views of one UTC day, newest first. */
export const myViewsOut = z.object({
  date: z.string(),
  as: z.enum(["viewer", "creator"]),
  /** The views still in the site's database; for an archived day only those kept as evidence (often none). */
  views: z.array(myViewOut),
  /** True when the day has more views than the list shows (at most 500). */
  truncated: z.boolean(),
  /** Set when the day's views are archived: the day's summary instead of the list; null otherwise. */
  archived: archivedDayOut.nullable(),
});
export type MyViewsResponse = z.output<typeof myViewsOut>;
