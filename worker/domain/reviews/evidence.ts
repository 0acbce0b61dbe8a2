import type { BonusRiskReason } from "../../../common/schemas/challenges";
import type { ReviewRule } from "../../../common/schemas/admin-reviews";
import {
  CAPPED_DAYS,
  SHARED_NETWORK_MAX_MEMBERS,
  SHARED_NETWORK_SHARE,
  type BonusCandidate,
  type Candidate,
  type EarningRuleName,
} from "../../db/queries/reviews/review-rules";
import { usdText } from "../../lib/money";
import { CAPTIVE_SHARE, type ShapeFinding } from "./shape";

/** Each rule's headline, as the Reviews tab shows it. */
export const REVIEW_TITLES: Record<ReviewRule, string> = {
  ring: "Creator paid mostly by accounts they watch back",
  lockstep: "Accounts paid together by the same few creators",
  exclusive_audience: "Creator paid mostly by accounts that watch no one else",
  shared_ip: "Viewer and creator share a network",
  daily_cap: "Viewer at or near the daily cap on most days",
  same_day_accounts: "Item watched only by brand-new accounts",
  bonus_risk: "Sign-on bonus failed its checks while held",
};

/** What each risk check found, as the evidence of a `bonus_risk` flag says it (docs/decisions/016, 031). */
const BONUS_REASON_WORDS: Record<BonusRiskReason, string> = {
  reciprocal_new_accounts: "The member and another new account watched each other's items",
  shared_ip: "A view counted for the challenges came from an address the other side also watched from",
  claimant_uploads: "Streams counted for the challenges were of another bonus claimant's uploads",
  claimants_share_network:
    "The member and another sign-on bonus claimant watched from the same network (one IPv4 address, or one IPv6 /56)",
  dependent_viewers:
    "Too few of the views on the member's uploads come from independent viewers: the others share an address with a claimant, or also counted for another claimant's uploads",
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the sweep found, in plain words, for the admin who decides. */
export function evidenceLines(rule: EarningRuleName, c: Candidate, dailyCap: number): string[] {
  const held = `${plural(c.views, "paid view")} still in holding`;
  switch (rule) {
    case "shared_ip":
      return [
        `The viewer watched from a network (one IPv4 address, or one IPv6 /56) that the creator also watches from and at most ${SHARED_NETWORK_MAX_MEMBERS} members use, and at least ${SHARED_NETWORK_SHARE * 100} % of the viewer's paid views in holding are of this creator`,
        `${held} from viewer to creator`,
      ];
    case "daily_cap":
      return [
        `At or near the daily limit of ${dailyCap} paid views on ${plural(c.days, "day")} in holding, most of the days they earned (flagged from ${CAPPED_DAYS})`,
        held,
      ];
    case "same_day_accounts":
      // The creator is among the accounts involved; the rest are the viewers.
      return [
        "Every paid view of this item in holding came from an account created that same day",
        `${held} from ${plural(Math.max(c.userIdsCount - 1, 0), "account")}`,
      ];
  }
}

const percent = (part: number, whole: number) => `${Math.round((100 * part) / Math.max(whole, 1))} %`;

const CAPTIVE_HELD =
  "What these accounts were paid as viewers of anyone else in holding is held with it (those creators keep theirs)";

/** What a shape rule found (docs/decisions/065), in plain words for the admin who decides. */
export function shapeEvidenceLines(f: ShapeFinding): string[] {
  const share = `${plural(f.views, "paid view")} in holding from ${plural(f.accounts, "account")}: ${percent(f.views, f.creatorViews)} of the creator's ${f.creatorViews} in holding`;
  const days = `on up to ${plural(f.days, "day")}`;
  switch (f.rule) {
    case "ring":
      return ["The creator had paid views of these accounts' own items too: they pay each other", `${share}, ${days}`];
    case "lockstep":
      return [
        `These accounts put at least ${percent(CAPTIVE_SHARE, 1)} of their paid views on the same ${plural(f.group.length, "creator")}, who share most of their audience`,
        `${share}, ${days}`,
        CAPTIVE_HELD,
      ];
    case "exclusive_audience":
      return [
        `These accounts put at least ${percent(CAPTIVE_SHARE, 1)} of their paid views on this creator alone`,
        `${share}, ${days}`,
        CAPTIVE_HELD,
      ];
  }
}

/** A held sign-on bonus whose risk checks, run again, found something new: what, and what is at stake. */
export function bonusEvidenceLines(c: BonusCandidate): string[] {
  const words = (list: string) =>
    (list.split(",").filter(Boolean) as BonusRiskReason[]).map((r) => BONUS_REASON_WORDS[r] ?? r);
  const known = words(c.recorded);
  const found = words(c.reasons).filter((line) => !known.includes(line));
  const when = `A ${usdText(c.amount)} sign-on bonus awarded ${c.awardedAt.slice(0, 10)}, still in holding`;
  return [
    ...found,
    known.length
      ? `${when}: an admin approved it over ${known.length === 1 ? "this" : "these"} — ${known.join("; ")}`
      : `${when}: nothing was found when it was awarded`,
  ];
}
