import { visibleLength } from "../../../common/member-text";
import type { BonusAwardJson, BonusRiskReason } from "../../../common/schemas/challenges";

// Sign-on bonuses the earnings job held for an admin (docs/architecture.md §4 "The sign-up bonus is guarded").

/** Why a bonus was held, in plain words (the checks are described in common/schemas/challenges.ts). */
const reasonLabels: Record<BonusRiskReason, string> = {
  reciprocal_new_accounts: "Watched each other with another new account",
  shared_ip: "Viewer and creator share an address",
  claimant_uploads: "Counted streams were uploaded by another bonus claimant",
  dependent_viewers: "Too few counted views come from independent viewers",
  claimants_share_network: "Another sign-on claimant watches from the same network",
};

// A reason the server learns before this screen does still shows, as its code.
export const reasonLabel = (reason: BonusRiskReason) => reasonLabels[reason] ?? reason;

/** Pending with risk reasons: waiting for an admin's Approve or Reject, not for the earnings job. */
export const isHeld = (award: BonusAwardJson) => award.status === "pending" && (award.review_reasons?.length ?? 0) > 0;

export const NOTE_MAX = 500;

/** Why a review note cannot be sent yet, or null when it can. */
export function noteProblem(note: string, max = NOTE_MAX): string | null {
  // "Required" counts visible characters and the limit UTF-16 units, as the server does (docs/decisions/106).
  if (visibleLength(note) === 0) return "Write a note saying why, for the record";
  if (note.trim().length > max) return `Keep the note to ${max} characters or fewer`;
  return null;
}
