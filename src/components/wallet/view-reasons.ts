import { type ReasonWordsContext, VIEW_REASON_CODES, VIEW_REASONS } from "../../../common/earning-policy";
import type { ViewSide } from "../../lib/earnings-api";
import { formatUsd, formatUtcDate } from "../../lib/format";
import type { EarningRulesJson } from "../../../common/schemas/earning-rules";
import type { MyViewJson, ViewOutcome, ViewReason } from "../../../common/schemas/my-views";

// What each view did for the member, in plain words (docs/decisions/019). Every reason code and its words are
// the earning policy's (common/earning-policy.ts, docs/decisions/067); this file fits them to the wallet's view.

export type ReasonContext = {
  view: MyViewJson;
  /** The creator's list names the viewer only as "the viewer": who watched is not the creator's to know. */
  side: ViewSide;
  rules: Pick<EarningRulesJson, "qualify_percent" | "views_per_item_per_day">;
};

const medium = (view: MyViewJson) => (view.content_type === "audio" ? "track" : "video");

const wordsContext = ({ view, side, rules }: ReasonContext): ReasonWordsContext => ({
  side,
  medium: medium(view),
  watchedPercent: view.watched_percent,
  rules,
});

export const reasonTexts = Object.fromEntries(
  VIEW_REASON_CODES.map((code) => [code, (context: ReasonContext) => VIEW_REASONS[code].wallet(wordsContext(context))]),
) as Record<ViewReason, (context: ReasonContext) => string>;

// A code the server learns before this screen does still shows, as the code itself.
const reasonText = (reason: ViewReason, context: ReasonContext) => reasonTexts[reason]?.(context) ?? reason;

/** Whose account a suspension reversal names: the caller's own, or the other party's. */
const suspendedAccount = (suspended: "viewer" | "creator", side: ViewSide) =>
  suspended === side ? "your account was suspended" : `the ${suspended}'s account was suspended`;

/** A reversed view, by its cause: "Reversed: content taken down", "Reversed: …account was suspended", or a review. */
function reversedText(context: ReasonContext): string {
  switch (context.view.reason) {
    case "removed":
      return "Reversed: content taken down";
    case "suspended":
      return `Reversed: ${suspendedAccount("viewer", context.side)}`;
    case "creator_suspended":
      return `Reversed: ${suspendedAccount("creator", context.side)}`;
    default:
      return reasonTexts.reversed(context);
  }
}

/** The outcome and its reason as one line, e.g. "Earned $0.003" or "Pending until Nov 28, 2026". */
export function outcomeText(context: ReasonContext): string {
  const { view } = context;
  switch (view.outcome) {
    case "earned":
      return `Earned ${formatUsd(view.amount_usd)}`;
    case "pending":
      // Given back by a granted appeal, in a fresh hold (docs/decisions/096): both what and until when.
      if (view.reason === "given_back" && view.available_at)
        return `Given back after a granted appeal — pending until ${formatUtcDate(view.available_at)}`;
      if (view.reason) return reasonText(view.reason, context);
      // No reason: it waits out its hold, or (no date yet) for the earnings job that runs every minute.
      return view.available_at ? `Pending until ${formatUtcDate(view.available_at)}` : "Pending — being credited";
    case "reversed":
      // Moderation takes back held pay too (docs/decisions/027); the words name the cause (docs/decisions/066): a takedown,
      // a suspension (whose), else a fraud review.
      return reversedText(context);
    default:
      return view.reason ? reasonText(view.reason, context) : "Not counted";
  }
}

/** Colour by outcome, as the wallet's badges: paid green, waiting amber, nothing grey, taken back red. */
export const outcomeTone: Record<ViewOutcome, string> = {
  earned: "text-emerald-300",
  pending: "text-amber-300",
  not_earned: "text-slate-400",
  reversed: "text-red-300",
};
