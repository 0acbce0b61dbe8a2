import type { ReviewRule } from "../../../common/api-types";
import { CAPPED_DAYS, NEW_ACCOUNT_DAYS, type Candidate } from "../../db/queries/review-rules";

/** Each rule's headline, as the Reviews tab shows it. */
export const REVIEW_TITLES: Record<ReviewRule, string> = {
  ring: "New accounts watching each other",
  shared_ip: "Viewer and creator share an address",
  daily_cap: "Viewer at the daily cap every day",
  same_day_accounts: "Item watched only by brand-new accounts",
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the sweep found, in plain words, for the admin who decides. */
export function evidenceLines(rule: ReviewRule, c: Candidate, dailyCap: number): string[] {
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
