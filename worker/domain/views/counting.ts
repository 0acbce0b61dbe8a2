import type { PlaybackCountingReason, PlaybackNotEarningReason } from "../../../common/schemas/playback";
import type { MediaEarnBlock } from "../../../common/media-floor";
import type { EventVerdict } from "./rules";

// What the player's "is this view counting?" indicator is told (docs/decisions/035): pure
// functions over facts the start and the watch-session object already hold, worded by the SPA.

export type StartFacts = {
  viewerId: string;
  creatorId: string;
  durationMs: number;
  minEarningMs: number;
  /** The media floor the item missed at upload (content.earn_block, docs/decisions/063), or null. */
  earnBlock: MediaEarnBlock | null;
  /** The viewer's account is suspended: their views are paid on neither side (docs/decisions/027). */
  viewerSuspended: boolean;
  /** The item is hidden (taken down, or its creator suspended); only its creator and admins can play it. */
  itemHidden: boolean;
  /** Earnable places the viewer took today (UTC), in all and for this item, and the caps on them. */
  placesToday: { day: number; item: number };
  dailyCap: number;
  itemCap: number;
};

export type Earnability = { earnable: true } | { earnable: false; reason: PlaybackNotEarningReason };

/**
 * Whether a view that starts now can earn at all, from what the start already knows: the item's creator and
 * length, the moderation standing of both, and the day's caps once they are already full (places the
 * earnings job gave; a view still qualifying elsewhere may fill them later, which the wallet then tells).
 * The earnings job refuses the same cases (view-outcome.ts).
 */
export function startEarnability(f: StartFacts): Earnability {
  if (f.viewerSuspended) return { earnable: false, reason: "suspended" };
  if (f.itemHidden) return { earnable: false, reason: "removed" };
  if (f.viewerId === f.creatorId) return { earnable: false, reason: "own_content" };
  if (f.durationMs < f.minEarningMs) return { earnable: false, reason: "too_short" };
  if (f.earnBlock) return { earnable: false, reason: f.earnBlock };
  if (f.placesToday.item >= f.itemCap) return { earnable: false, reason: "item_daily_cap" };
  if (f.placesToday.day >= f.dailyCap) return { earnable: false, reason: "daily_cap" };
  return { earnable: true };
}

export type Counting = { counting: boolean; reason?: PlaybackCountingReason };

/**
 * Whether the view is counting after the event just judged. A session stopped by a newer start accrues
 * nothing ("another_session"); a position that ran ahead of the pace counted only in part ("too_fast"). A
 * rejected position (behind the one already counted, or past the end) is no fault of the view: not
 * counting, no reason, and the player keeps what it showed.
 */
export function eventCounting(verdict: EventVerdict, earning: boolean): Counting {
  if (!earning) return { counting: false, reason: "another_session" };
  if (!verdict.accepted) return { counting: false };
  if (verdict.tooFast) return { counting: false, reason: "too_fast" };
  return { counting: true };
}
