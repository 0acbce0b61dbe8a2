import type { BonusRiskReason, ReviewRule } from "../../../common/api-types";
import { CAPPED_DAYS, NEW_ACCOUNT_DAYS, type BonusCandidate, type Candidate, type EarningRuleName } from "../../db/queries/review-rules";
import { usdText } from "../../lib/money";

/** Each rule's headline, as the Reviews tab shows it. */
export const REVIEW_TITLES: Record<ReviewRule, string> = {
  ring: "New accounts watching each other",
  shared_ip: "Viewer and creator share an address",
  daily_cap: "Viewer at the daily cap every day",
  same_day_accounts: "Item watched only by brand-new accounts",
  bonus_risk: "Sign-on bonus failed its checks while held",
};

/** What each risk check found, as the evidence of a `bonus_risk` flag says it (docs/decisions/016, 031). */
const BONUS_REASON_WORDS: Record<BonusRiskReason, string> = {
  reciprocal_new_accounts: "The member and another new account watched each other's items",
  shared_ip: "A view counted for the challenges came from an address the other side also watched from",
  claimant_uploads: "Streams counted for the challenges were of another bonus claimant's uploads",
  dependent_viewers:
    "Too few of the views on the member's uploads come from independent viewers: the others share an address with a claimant, or also counted for another claimant's uploads",
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the sweep found, in plain words, for the admin who decides. */
export function evidenceLines(rule: EarningRuleName, c: Candidate, dailyCap: number): string[] {
  const held = `${plural(c.views, "paid view")} still in holding`;
  switch (rule) {
    case "ring":
      return [
        `Both accounts were created within ${NEW_ACCOUNT_DAYS} days of these views, and each watched the other's items`,
        `${plural(c.forward, "view")} one way and ${plural(c.backward, "view")} the other: ${held}`,
      ];
    case "shared_ip":
      return ["The viewer watched from an address the creator also watches from", `${held} from viewer to creator`];
    case "daily_cap":
      return [
        `At the daily limit of ${dailyCap} paid views on each of the ${plural(c.days, "day")} in holding (flagged from ${CAPPED_DAYS})`,
        held,
      ];
    case "same_day_accounts":
      // The creator is among the accounts involved; the rest are the viewers.
      return ["Every paid view of this item in holding came from an account created that same day", `${held} from ${plural(Math.max(c.userIdsCount - 1, 0), "account")}`];
  }
}

/** A held sign-on bonus whose risk checks, run again, found something new: what, and what is at stake. */
export function bonusEvidenceLines(c: BonusCandidate): string[] {
  const words = (list: string) => (list.split(",").filter(Boolean) as BonusRiskReason[]).map((r) => BONUS_REASON_WORDS[r] ?? r);
  const known = words(c.recorded);
  const found = words(c.reasons).filter((line) => !known.includes(line));
  const when = `A ${usdText(c.amount)} sign-on bonus awarded ${c.awardedAt.slice(0, 10)}, still in holding`;
  return [
    ...found,
    known.length ? `${when}: an admin approved it over ${known.length === 1 ? "this" : "these"} — ${known.join("; ")}` : `${when}: nothing was found when it was awarded`,
  ];
}
