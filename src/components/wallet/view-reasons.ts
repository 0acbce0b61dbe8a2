import { MEDIA_FLOOR_TEXTS } from "../../../common/media-floor";
import type { ViewSide } from "../../lib/earnings-api";
import { formatUsd, formatUtcDate } from "../../lib/format";
import type { EarningRulesJson } from "../../../common/schemas/earning-rules";
import type { MyViewJson, ViewOutcome, ViewReason } from "../../../common/schemas/my-views";

// What each view did for the member, in plain words (docs/decisions/019). Every reason code the server can
// send has its text here; the Record type (and view-reasons.test.ts) fail when common/api-types.ts adds one.

export type ReasonContext = {
  view: MyViewJson;
  /** The creator's list names the viewer only as "the viewer": who watched is not the creator's to know. */
  side: ViewSide;
  rules: Pick<EarningRulesJson, "qualify_percent" | "views_per_item_per_day">;
};

const times = (n: number) => (n === 1 ? "once" : `${n.toLocaleString("en-US")} times`);
const medium = (view: MyViewJson) => (view.content_type === "audio" ? "track" : "video");

export const reasonTexts: Record<ViewReason, (context: ReasonContext) => string> = {
  too_fast: ({ view }) => `Progress came faster than the ${medium(view)} plays — not counted`,
  under_80: ({ view, rules }) => `Watched ${view.watched_percent} % — a view earns at ${rules.qualify_percent} %`,
  own_content: () => "Your own content doesn't earn",
  item_daily_cap: ({ side, rules }) =>
    side === "viewer"
      ? `Already earned ${times(rules.views_per_item_per_day)} from this item today`
      : `The viewer already earned ${times(rules.views_per_item_per_day)} from this item today`,
  viewer_daily_cap: ({ side }) => (side === "viewer" ? "Daily limit of paid views reached" : "The viewer's daily limit of paid views was reached"),
  too_short: () => "Item is too short to earn",
  // The media floors (docs/decisions/063), in the words the player and My Content use (common/media-floor.ts).
  thin_media: () => `Item can't earn: ${MEDIA_FLOOR_TEXTS.thin_media}`,
  small_picture: () => `Item can't earn: ${MEDIA_FLOOR_TEXTS.small_picture}`,
  low_frame_rate: () => `Item can't earn: ${MEDIA_FLOOR_TEXTS.low_frame_rate}`,
  another_session: ({ side }) =>
    side === "viewer" ? "Stopped when you started something else" : "Stopped when the viewer started something else",
  expired: () => "Session timed out before any watching counted",
  under_review: () => "Pending — under review",
  reversed: () => "Reversed after a fraud review",
  removed: () => "The item was removed by moderators — not counted",
  suspended: ({ side }) =>
    side === "viewer" ? "Your account was suspended — not counted" : "The viewer's account was suspended — not counted",
  creator_suspended: ({ side }) =>
    side === "viewer" ? "The creator's account was suspended — not counted" : "Your account was suspended — not counted",
  network_cap: ({ side }) =>
    side === "viewer"
      ? "Your network already had its paid views of this creator today — not counted"
      : "The viewer's network already had its paid views of you today — not counted",
  not_delivered: ({ view, side }) =>
    side === "viewer"
      ? `Most of the ${medium(view)} was never streamed to this device — not counted`
      : `Most of the ${medium(view)} was never streamed to the viewer — not counted`,
};

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
