import type { ViewOutcome, ViewReason } from "../../../common/schemas/my-views";
import type { SettleRule } from "../../../common/earning-policy";
import { QUALIFY_FRACTION } from "./rules";

/**
 * Why a view ended without qualifying: no events any more, a newer start stopped it, the player said it
 * was complete, or the watching counted but the stream never served enough of the item (docs/decisions/029).
 */
export type ViewEndReason = "expired" | "another_session" | "completed" | "not_delivered";

// "A reason for every view" (docs/decisions/019): what a view did for one side (viewer or creator), from
// the facts the database keeps about it. One function, so the views list and its tests agree on the set.

export type ViewFacts = {
  status: "open" | "qualified" | "credited" | "unearnable" | "ended";
  endReason: ViewEndReason | null;
  watchTimeMs: number;
  maxPositionMs: number;
  durationMs: number;
  /** This side's earning of the view, when it was paid, and why a reversal took it back. */
  earning: {
    availableAt: string;
    reversed: boolean;
    reversalReason?: string | null;
    underReview: boolean;
    /** A granted appeal gave it back, held again (docs/decisions/096). */
    givenBack?: boolean;
  } | null;
  /**
   * For a settled view that paid this side nothing, the earning rule that refused it (the first in the earning
   * policy's order, docs/decisions/067; db/queries/earnings/rule-predicates.ts judges it).
   */
  unpaidReason: SettleRule | null;
};

export type Verdict = { outcome: ViewOutcome; reason: ViewReason | null; availableAt: string | null };

const verdict = (
  outcome: ViewOutcome,
  reason: ViewReason | null = null,
  availableAt: string | null = null,
): Verdict => ({ outcome, reason, availableAt });

/** Watched time as a whole percent of the item, rounded down so 79.9 % never reads as the 80 % that earns. */
export function watchedPercent(watchTimeMs: number, durationMs: number) {
  if (durationMs <= 0) return 0;
  return Math.min(100, Math.floor((watchTimeMs * 100) / durationMs));
}

// What a moderation reversal says (docs/decisions/027), naming its cause (docs/decisions/066): the item was taken down,
// the viewer was suspended, or the item's creator was. A fraud rule's reversal says "reversed".
const REVERSAL_REASONS: Record<string, ViewReason> = {
  takedown: "removed",
  suspended_viewer: "suspended",
  suspended_creator: "creator_suspended",
};

export function viewOutcome(f: ViewFacts, now: string): Verdict {
  if (f.earning) {
    if (f.earning.reversed) return verdict("reversed", REVERSAL_REASONS[f.earning.reversalReason ?? ""] ?? "reversed");
    if (f.earning.underReview) return verdict("pending", "under_review");
    if (f.earning.availableAt > now)
      return verdict("pending", f.earning.givenBack ? "given_back" : null, f.earning.availableAt);
    return verdict("earned");
  }
  const qualifyMs = f.durationMs * QUALIFY_FRACTION;
  switch (f.status) {
    // Qualified, not settled by the earnings job yet (it runs every minute).
    case "qualified":
      return verdict("pending");
    case "credited":
    case "unearnable":
      // A credited view without this side's earning cannot happen; it reads as the rules that refuse pay.
      return verdict("not_earned", f.unpaidReason ?? "viewer_daily_cap");
    default:
      // Watched enough by the pacing rules, but the media never reached the viewer (docs/decisions/029).
      if (f.endReason === "not_delivered") return verdict("not_earned", "not_delivered");
      // The player claimed 80 % but the pacing rules did not accept that much watching.
      if (f.maxPositionMs >= qualifyMs && f.watchTimeMs < qualifyMs) return verdict("not_earned", "too_fast");
      if (f.endReason === "another_session") return verdict("not_earned", "another_session");
      if (f.watchTimeMs <= 0 && f.endReason !== "completed") return verdict("not_earned", "expired");
      return verdict("not_earned", "under_80");
  }
}
