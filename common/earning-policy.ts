import { MEDIA_FLOOR_TEXTS } from "./media-floor";

// The earning policy (docs/decisions/067): every rule that decides whether a view pays, named once with its
// words for members. The Worker builds each rule's SQL from these codes (worker/db/queries/earnings/
// rule-predicates.ts), the API's reason enums are these lists (common/schemas/my-views.ts, playback.ts), and the
// SPA words every reason from here. The Record types make type checking fail where a code lacks words or a
// predicate; earning-policy.test.ts walks every code.

// ── The reward and the fixed rules (docs/architecture.md §4 "A view") ─────────────────────────────────────

/** What a paid view pays each side, viewer and creator, in micro-dollars. */
export const VIEW_REWARD_MICROS = 3000;
/** The share of the item's server-measured duration a view must watch to qualify. */
export const QUALIFY_PERCENT = 80;
/** Paid views per (viewer, item) and UTC day. */
export const EARNABLE_VIEWS_PER_DAY = 3;
/**
 * Paid views of one creator per network (an IPv4 address, an IPv6 /56) and UTC day: a household may share one
 * address, a farm may not turn one address into an audience (docs/decisions/065). A carrier-grade NAT puts
 * hundreds of members behind a few addresses, so a creator may take more from one network when it is a small
 * part of their day: up to NETWORK_SHARE_OF_DAY of the creator's paid views of that day so far.
 */
export const PAID_VIEWS_PER_NETWORK_PER_CREATOR_PER_DAY = 6;
export const NETWORK_SHARE_OF_DAY = 0.1;

/**
 * The rules an admin tunes (docs/decisions/016): the default the settings table falls back to and the bounds
 * every side checks. A stored value below the minimum reads as the default.
 */
export const TUNABLE_EARNING_RULES = {
  min_earning_seconds: { default: 5, min: 1, max: 3600 },
  daily_earnable_views: { default: 100, min: 1, max: 10_000 },
  // 0 switches holding off: view rewards and sign-on bonuses are available when written.
  earnings_hold_days: { default: 7, min: 0, max: 90 },
} as const;
export type EarningRuleKey = keyof typeof TUNABLE_EARNING_RULES;

// ── Why a view did not pay ─────────────────────────────────────────────────────────────────────────────────

/** What the words of a reason may use: whose list it is in, the item's kind, the view's watched share, the rules. */
export type ReasonWordsContext = {
  /** The creator's list names the viewer only as "the viewer": who watched is not the creator's to know. */
  side: "viewer" | "creator";
  medium: "video" | "track";
  watchedPercent: number;
  rules: { qualify_percent: number; views_per_item_per_day: number };
};

const times = (n: number) => (n === 1 ? "once" : `${n.toLocaleString("en-US")} times`);

/**
 * Every reason a member's views list can give (GET /api/me/views), in the order the API documents them, with
 * its words in the wallet. `player` is the player's "Not earning: …" line for the reasons it can tell live
 * (docs/decisions/035); `player` words are for the viewer only.
 */
export const VIEW_REASONS = {
  too_fast: {
    wallet: ({ medium }: ReasonWordsContext) => `Progress came faster than the ${medium} plays — not counted`,
    player: () => "progress came faster than it plays (skipping ahead doesn't count)",
  },
  under_80: {
    wallet: ({ watchedPercent, rules }: ReasonWordsContext) =>
      `Watched ${watchedPercent} % — a view earns at ${rules.qualify_percent} %`,
  },
  own_content: { wallet: () => "Your own content doesn't earn", player: () => "your own content doesn't earn" },
  item_daily_cap: {
    wallet: ({ side, rules }: ReasonWordsContext) =>
      side === "viewer"
        ? `Already earned ${times(rules.views_per_item_per_day)} from this item today`
        : `The viewer already earned ${times(rules.views_per_item_per_day)} from this item today`,
    player: ({ rules }: Pick<ReasonWordsContext, "rules">) =>
      `you already earned ${rules.views_per_item_per_day} times from this item today (again from 00:00 UTC)`,
  },
  viewer_daily_cap: {
    wallet: ({ side }: ReasonWordsContext) =>
      side === "viewer" ? "Daily limit of paid views reached" : "The viewer's daily limit of paid views was reached",
    player: () => "daily limit of paid views reached (again from 00:00 UTC)",
  },
  too_short: { wallet: () => "Item is too short to earn", player: () => "this item is too short to earn" },
  another_session: {
    wallet: ({ side }: ReasonWordsContext) =>
      side === "viewer" ? "Stopped when you started something else" : "Stopped when the viewer started something else",
    player: () => "you started playing something else, in this tab or another",
  },
  expired: { wallet: () => "Session timed out before any watching counted" },
  under_review: { wallet: () => "Pending — under review" },
  // A reward a takedown or suspension reversed, given back by a granted appeal and held again (docs/decisions/096).
  given_back: { wallet: () => "Given back after a granted appeal — held again" },
  reversed: { wallet: () => "Reversed after a fraud review" },
  removed: {
    wallet: () => "The item was removed by moderators — not counted",
    player: () => "this item was removed by moderators",
  },
  suspended: {
    wallet: ({ side }: ReasonWordsContext) =>
      side === "viewer"
        ? "Your account was suspended — not counted"
        : "The viewer's account was suspended — not counted",
    player: () => "your account is suspended",
  },
  creator_suspended: {
    wallet: ({ side }: ReasonWordsContext) =>
      side === "viewer"
        ? "The creator's account was suspended — not counted"
        : "Your account was suspended — not counted",
  },
  not_delivered: {
    wallet: ({ medium, side }: ReasonWordsContext) =>
      side === "viewer"
        ? `Most of the ${medium} was never streamed to this device — not counted`
        : `Most of the ${medium} was never streamed to the viewer — not counted`,
  },
  // The media floors (docs/decisions/063), in the words the player and My Content use (common/media-floor.ts):
  // the item can never earn, whoever watches it.
  thin_media: {
    wallet: () => `Item can't earn: ${MEDIA_FLOOR_TEXTS.thin_media}`,
    player: () => `this item can't earn: ${MEDIA_FLOOR_TEXTS.thin_media}`,
  },
  small_picture: {
    wallet: () => `Item can't earn: ${MEDIA_FLOOR_TEXTS.small_picture}`,
    player: () => `this item can't earn: ${MEDIA_FLOOR_TEXTS.small_picture}`,
  },
  low_frame_rate: {
    wallet: () => `Item can't earn: ${MEDIA_FLOOR_TEXTS.low_frame_rate}`,
    player: () => `this item can't earn: ${MEDIA_FLOOR_TEXTS.low_frame_rate}`,
  },
  network_cap: {
    wallet: ({ side }: ReasonWordsContext) =>
      side === "viewer"
        ? "Your network already had its paid views of this creator today — not counted"
        : "The viewer's network already had its paid views of you today — not counted",
  },
} as const;
export type ViewReasonCode = keyof typeof VIEW_REASONS;
export const VIEW_REASON_CODES = Object.keys(VIEW_REASONS) as [ViewReasonCode, ...ViewReasonCode[]];

/**
 * The rules the earnings job applies to a qualified view (worker/db/queries/earnings/settle-views.ts), in the
 * order a refused view names its reason: the first that refuses it. Each has its SQL predicate in
 * rule-predicates.ts.
 */
export const SETTLE_RULES = [
  "own_content",
  "suspended",
  "removed",
  "network_cap",
  "too_short",
  "thin_media",
  "small_picture",
  "low_frame_rate",
  "item_daily_cap",
  "viewer_daily_cap",
] as const satisfies readonly ViewReasonCode[];
export type SettleRule = (typeof SETTLE_RULES)[number];

/**
 * The settle rules whose verdict is kept on the view (views.unpaid_reason) as it was when the job ran, since
 * what they read can be undone later (a suspension lifted, an item restored, the network's day re-counted); the
 * others are read again from the facts they judge whenever a view is explained.
 */
export const KEPT_AT_SETTLE = ["suspended", "removed", "network_cap"] as const satisfies readonly SettleRule[];

/**
 * What a view that starts now can already tell (docs/decisions/035), in the order the player names it: the
 * settle rules that do not depend on the view's own network, judged at the start.
 */
export const START_RULES = [
  "suspended",
  "removed",
  "own_content",
  "too_short",
  "thin_media",
  "small_picture",
  "low_frame_rate",
  "item_daily_cap",
  "viewer_daily_cap",
] as const satisfies readonly SettleRule[];
export type StartRule = (typeof START_RULES)[number];

/** The player's API names the viewer's daily cap `daily_cap` (GET /api/me/views says `viewer_daily_cap`). */
const PLAYER_CODE = { viewer_daily_cap: "daily_cap" } as const;
type PlayerCode<R extends StartRule> = R extends keyof typeof PLAYER_CODE ? (typeof PLAYER_CODE)[R] : R;
export type PlaybackNotEarningCode = PlayerCode<StartRule>;
export const playerCode = <R extends StartRule>(rule: R) =>
  ((PLAYER_CODE as Record<string, string>)[rule] ?? rule) as PlayerCode<R>;
export const PLAYBACK_NOT_EARNING_CODES = START_RULES.map(playerCode) as [
  PlaybackNotEarningCode,
  ...PlaybackNotEarningCode[],
];

/** Why the last playback event added no watched time, when the view is to blame. */
export const PLAYBACK_COUNTING_CODES = ["too_fast", "another_session"] as const satisfies readonly ViewReasonCode[];
export type PlaybackCountingCode = (typeof PLAYBACK_COUNTING_CODES)[number];

/** The player's words for every reason it can show, keyed by the player's codes. */
export function playerReasonText(
  code: PlaybackNotEarningCode | PlaybackCountingCode,
  rules: ReasonWordsContext["rules"],
): string {
  const reason: ViewReasonCode = code === "daily_cap" ? "viewer_daily_cap" : code;
  const words = VIEW_REASONS[reason];
  return "player" in words ? words.player({ rules }) : reason;
}
