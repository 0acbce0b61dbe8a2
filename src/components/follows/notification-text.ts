import type { NotificationJson } from "../../../common/schemas/notifications";
import { formatUsd } from "../../lib/format";

// What each kind of notification says, and where it leads (docs/product-spec.md "Notifications").

const rewards = (n: number) => `${n} view ${n === 1 ? "reward" : "rewards"}`;

// What took view rewards back, as the server names it in a views_reversed line's detail (docs/decisions/066).
const reversalCauses: Record<string, string> = {
  review: "a review",
  takedown: "a takedown by moderators",
  suspension: "an account suspension",
};
const causeList = new Intl.ListFormat("en-US", { type: "conjunction" });

/** "after a review", "after a takedown by moderators and a review"; nothing for a line that names no cause. */
function afterCauses(detail: string): string {
  const causes = [...new Set(detail.split(","))]
    .map((cause) => reversalCauses[cause])
    .filter((text) => text !== undefined);
  return causes.length ? ` after ${causeList.format(causes)}` : "";
}

const withNote = (text: string, note: string) => (note ? `${text}. ${note}` : text);

export function notificationText(n: NotificationJson): string {
  const amount = formatUsd(n.amount_usd);
  switch (n.kind) {
    case "upload":
      return `${n.creator_name ?? "A creator you follow"} uploaded “${n.detail}”`;
    case "views_credited":
      return `${rewards(n.count)} credited today: ${amount}`;
    case "views_released":
      return `${rewards(n.count)} released after the hold: ${amount} is now available`;
    case "views_reversed":
      return `${rewards(n.count)} reversed${afterCauses(n.detail)}: ${amount}`;
    case "bonus_awarded":
      return `Sign-on bonus awarded: ${amount}`;
    case "bonus_held":
      return `Your sign-on bonus of ${amount} is held for review`;
    case "payment_recorded":
      return `Payment recorded: ${amount}`;
    case "payout_paid":
      return `Your payout request of ${amount} was paid`;
    case "payout_rejected":
      return `Your payout request of ${amount} was rejected: ${n.detail}`;
    case "payout_address_changed":
      // What a stolen session would do first, so the member hears of it at once (docs/decisions/066).
      return `Your payout address changed to ${n.detail}. New payout requests can use it 7 days after the change. If this wasn't you, sign out everywhere and contact us.`;
    case "payout_returned":
      return `Your payout of ${amount} was returned: ${n.detail}. The amount is available again.`;
    case "payout_corrected": {
      // detail is "<reopened|closed|>:<reason>" (the correction's outcome for the request, then its reason).
      const [outcome, ...rest] = n.detail.split(":");
      const reason = rest.join(":");
      if (outcome === "reopened")
        return `A correction reopened your payout request of ${amount}: ${reason}. It will be paid again.`;
      return `A correction took back a payment of ${amount}: ${reason}. The amount is available again.`;
    }
    case "item_taken_down":
      return `“${n.detail}” was taken down by moderators`;
    case "item_restored":
      return `“${n.detail}” was restored and is visible again`;
    case "account_suspended":
      return n.detail ? `Your account was suspended: ${n.detail}` : "Your account was suspended";
    // An item's line names it (subject, title); a suspension's carries the admin's note (docs/decisions/092).
    case "appeal_upheld":
      if (n.subject_id) return `Your appeal was reviewed: “${n.detail}” stays taken down`;
      return withNote("Your appeal was reviewed: your account stays suspended", n.detail);
    // A granted appeal's amount is what came back to the member, held again (docs/decisions/096).
    case "appeal_granted": {
      const back = n.amount_usd > 0 ? `${amount} of earnings is held again and will be paid after the hold.` : "";
      const text = n.subject_id
        ? `Your appeal was granted: “${n.detail}” is visible again`
        : withNote("Your appeal was granted: your account is no longer suspended", n.detail);
      return back ? `${/[.!?]$/.test(text) ? text : `${text}.`} ${back}` : text;
    }
    // A comment's lines name the item it is under (subject, title): docs/decisions/095.
    case "comment_taken_down":
      return `Your comment on “${n.detail}” was removed by moderators`;
    case "comment_restored":
      return `Your comment on “${n.detail}” was restored and is visible again`;
    case "comment_appeal_upheld":
      return `Your appeal was reviewed: your comment on “${n.detail}” stays removed`;
    case "comment_appeal_granted":
      return `Your appeal was granted: your comment on “${n.detail}” is visible again`;
    case "new_comments":
      return `${n.count} new ${n.count === 1 ? "comment" : "comments"} on “${n.detail}”`;
  }
}

export function notificationLink(n: NotificationJson): string {
  switch (n.group) {
    case "uploads":
      return `/content/${n.subject_id}`;
    case "comments":
      return `/content/${n.subject_id}#comments`;
    case "moderation":
      // A comment's line opens the item's comments, where its author sees it (and may appeal).
      if (n.kind.startsWith("comment_") && n.subject_id) return `/content/${n.subject_id}#comments`;
      // A restored item, or one whose appeal was granted, is visible again: the link opens it.
      return (n.kind === "item_restored" || n.kind === "appeal_granted") && n.subject_id
        ? `/content/${n.subject_id}`
        : "/profile";
    default:
      return "/wallet";
  }
}
