import type { ReviewJson, ReviewRule, ReviewStatus } from "../../../common/schemas/admin-reviews";
import { formatUsd } from "./money";

// Fraud review flags (docs/decisions/019): what the sweep's rules and a flag's states are called on screen.

/** The sweep's rules in plain words (the patterns are described by each flag's own title and evidence). */
const ruleLabels: Record<ReviewRule, string> = {
  ring: "Watch ring",
  lockstep: "Lockstep group",
  exclusive_audience: "Exclusive audience",
  shared_ip: "Shared network",
  daily_cap: "Near the daily cap",
  same_day_accounts: "Same-day accounts",
  bonus_risk: "Sign-on bonus",
};

const statusLabels: Record<ReviewStatus, string> = { open: "Open", reversed: "Reversed", cleared: "Cleared" };

/** Open waits (yellow, as pending things do in the admin), reversed took money back (red), cleared is fine (green). */
const statusTones = { open: "yellow", reversed: "red", cleared: "green" } as const satisfies Record<
  ReviewStatus,
  string
>;

// A code the server learns before this screen does still shows, as the code itself.
export const ruleLabel = (rule: ReviewRule) => ruleLabels[rule] ?? rule;
export const statusLabel = (status: ReviewStatus) => statusLabels[status] ?? status;
export const statusTone = (status: ReviewStatus) => statusTones[status] ?? "slate";

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * What a flag covers: "4 views · 8 earnings · $0.024" (both sides of each view are earnings), or for a
 * sign-on bonus flag (decision 031) "Sign-on bonus · $75.000".
 */
export const coveredText = (review: Pick<ReviewJson, "rule" | "views_count" | "earnings_count" | "amount_usd">) =>
  review.rule === "bonus_risk"
    ? `Sign-on bonus · ${formatUsd(review.amount_usd)}`
    : `${plural(review.views_count, "view", "views")} · ${plural(review.earnings_count, "earning", "earnings")} · ${formatUsd(review.amount_usd)}`;

/** The reverse button's words: a bonus flag takes back a bonus, the others take back earnings. */
export const reverseLabel = (review: Pick<ReviewJson, "rule">) =>
  review.rule === "bonus_risk" ? "Reverse bonus" : "Reverse earnings";

/** After a sweep: "Sweep done: 2 new flags, 14 earnings covered". */
export const sweepText = ({ flagged, covered }: { flagged: number; covered: number }) =>
  `Sweep done: ${plural(flagged, "new flag", "new flags")}, ${plural(covered, "earning", "earnings")} covered`;

const accountList = new Intl.ListFormat("en-US", { type: "conjunction" });

/**
 * The accounts a flag involves, for its buttons' names: every flag of one rule has the same title, so the
 * accounts tell them apart. Long lists are cut ("a, b and 4 others").
 */
export function accountsText(users: ReviewJson["users"]): string {
  const emails = users.map((user) => user.email);
  if (emails.length <= 3) return accountList.format(emails);
  return `${emails.slice(0, 2).join(", ")} and ${emails.length - 2} others`;
}
