import type { PlaybackCountingReason, PlaybackNotEarningReason } from "../../../common/schemas/playback";
import { playerCode, type StartRule } from "../../../common/earning-policy";
import type { EventVerdict } from "./rules";

// What the player's "is this view counting?" indicator is told (docs/decisions/035): pure functions over facts
// the start and the watch-session object already hold, worded by the SPA from the earning policy.

export type Earnability = { earnable: true } | { earnable: false; reason: PlaybackNotEarningReason };

/**
 * Whether a view that starts now can earn at all, from the first earning rule that already refuses it
 * (db/queries/earnings/start-refusal.ts), named by the player's code.
 */
export const startEarnability = (refused: StartRule | null): Earnability =>
  refused ? { earnable: false, reason: playerCode(refused) } : { earnable: true };

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
