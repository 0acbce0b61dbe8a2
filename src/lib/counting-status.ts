import type {
  PlaybackCountingReason,
  PlaybackEventResponse,
  PlaybackNotEarningReason,
  PlaybackStartResponse,
} from "../../common/schemas/playback";

// What the player's indicator shows about the view under way (docs/product-spec.md "Is this view counting?";
// docs/decisions/035), folded from the answers to the events the player already sends.

type NotEarningReason = PlaybackNotEarningReason | PlaybackCountingReason;

/** null: nothing to show (signed out, or no view started yet). */
/** `watched`: the whole percent of the item the watch-session object has counted, once an event has answered. */
export type CountingStatus =
  | null
  | { state: "counting"; watched?: number }
  | { state: "earned" }
  | { state: "not_earning"; reason: NotEarningReason };

export const statusOfStart = (answer: PlaybackStartResponse): CountingStatus =>
  answer.earnable ? { state: "counting" } : { state: "not_earning", reason: answer.reason };

/**
 * The status after an event's answer. Earned stays earned; an item that cannot earn stays so. A position the
 * server set aside with no reason (replaying a part already counted) changes nothing.
 */
export function statusAfterEvent(status: CountingStatus, answer: PlaybackEventResponse): CountingStatus {
  if (status?.state === "earned" || (status?.state === "not_earning" && !isEventReason(status.reason))) return status;
  if (answer.qualified) return { state: "earned" };
  if (answer.reason) return { state: "not_earning", reason: answer.reason };
  if (answer.counting) return { state: "counting", watched: answer.watched_percent };
  return status;
}

/** The server no longer knows the view (404): a newer start, in this tab or another, stopped it. */
export const statusAfterLostView = (status: CountingStatus): CountingStatus =>
  status?.state === "earned" ? status : { state: "not_earning", reason: "another_session" };

const isEventReason = (reason: NotEarningReason): reason is PlaybackCountingReason =>
  reason === "too_fast" || reason === "another_session";
