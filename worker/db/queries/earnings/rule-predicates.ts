import {
  EARNABLE_VIEWS_PER_DAY,
  NETWORK_SHARE_OF_DAY,
  PAID_VIEWS_PER_NETWORK_PER_CREATOR_PER_DAY,
  KEPT_AT_SETTLE,
  SETTLE_RULES,
  type SettleRule,
  type StartRule,
} from "../../../../common/earning-policy";
import { networkKeySql } from "../archive/kept-numbers";
import { itemHiddenSql, suspendedSql } from "../content/visibility";
import { DAILY_EARNABLE_VIEWS_SQL, MIN_EARNING_MS_SQL } from "./earning-rule-settings";

// The SQL of every earning rule (docs/decisions/067), keyed by its code in the earning policy
// (common/earning-policy.ts): the earnings job pays a view only when none refuses it (settle-views.ts), the
// member's views list names the first that does (my-views.ts), and the player asks them at the start
// (start-refusal.ts). A rule is written here once; the Record type fails type checking for a code without one.

/**
 * The view a rule judges, as SQL expressions: a views row (settle, the views list) or the view about to start
 * (bound parameters). The rules' own subqueries use `rp_` aliases so they never shadow the caller's.
 */
export type ViewRef = { viewer: string; creator: string; content: string; day: string; ipHash: string };

/** The view's place count: views of the day that took an earnable place, for the item or in all. */
const placesSql = (v: ViewRef, perItem: boolean) =>
  `(select count(*) from views rp_p where rp_p.viewer_id = ${v.viewer} and rp_p.qualified_day = ${v.day}
     ${perItem ? `and rp_p.content_id = ${v.content}` : ""} and rp_p.credit_slot is not null)`;

/** The item's media missed `block`, a floor finalize measured (content.earn_block, docs/decisions/063). */
const earnBlockSql = (v: ViewRef, block: string) =>
  `exists (select 1 from content rp_c where rp_c.id = ${v.content} and rp_c.earn_block = '${block}')`;

/** Paid views of the creator on the day: in all, or from the view's network (seeks of views_creator_day_network_idx). */
const creatorPaidSql = (v: ViewRef, sameNetwork: boolean, alias: string) =>
  `(select count(*) from views ${alias} where ${alias}.creator_id = ${v.creator} and ${alias}.qualified_day = ${v.day}
     ${sameNetwork ? `and ${networkKeySql(`${alias}.ip_hash`)} = ${networkKeySql(v.ipHash)}` : ""} and ${alias}.credit_slot is not null)`;

/** When each rule refuses to pay the view `v`, as an SQL condition (null only for an item missing from content). */
export const REFUSES: Record<SettleRule, (v: ViewRef) => string> = {
  own_content: (v) => `(${v.viewer} = ${v.creator})`,
  // Moderation (docs/decisions/027): a suspended viewer's views, and views of an item taken down or whose creator
  // is suspended, are paid on neither side.
  suspended: (v) => suspendedSql(v.viewer),
  removed: (v) => `exists (select 1 from content rp_h where rp_h.id = ${v.content} and ${itemHiddenSql("rp_h")})`,
  // The network (an IPv4 address, an IPv6 /56) already has its paid views of the creator that day: at most
  // PAID_VIEWS_PER_NETWORK_PER_CREATOR_PER_DAY, or NETWORK_SHARE_OF_DAY of the creator's paid views of the day so
  // far when that is more (a carrier-grade NAT; docs/decisions/065). A view without an address is its account's own.
  network_cap: (v) => `(${v.ipHash} <> '' and ${creatorPaidSql(v, true, "rp_n1")}
    >= max(${PAID_VIEWS_PER_NETWORK_PER_CREATOR_PER_DAY}, cast(${NETWORK_SHARE_OF_DAY} * ${creatorPaidSql(v, false, "rp_n2")} as integer)))`,
  // Shorter than the admin's shortest earning length, read now (an item missing from content refuses nothing
  // here and pays nothing: the job's condition is then null).
  too_short: (v) =>
    `((select rp_l.duration_ms from content rp_l where rp_l.id = ${v.content}) < ${MIN_EARNING_MS_SQL})`,
  thin_media: (v) => earnBlockSql(v, "thin_media"),
  small_picture: (v) => earnBlockSql(v, "small_picture"),
  low_frame_rate: (v) => earnBlockSql(v, "low_frame_rate"),
  item_daily_cap: (v) => `(${placesSql(v, true)} >= ${EARNABLE_VIEWS_PER_DAY})`,
  viewer_daily_cap: (v) => `(${placesSql(v, false)} >= ${DAILY_EARNABLE_VIEWS_SQL})`,
};

/**
 * No settle rule refuses the view: the earnings job may give it a place. The network cap's two counts are the
 * dearest check, so they run last, once every cheaper rule has let the view through (SQLite stops at the first false).
 */
const PAY_CHECKS = [...SETTLE_RULES.filter((rule) => rule !== "network_cap"), "network_cap" as const];
export const paysSql = (v: ViewRef) => PAY_CHECKS.map((rule) => `not ${REFUSES[rule](v)}`).join("\n        and ");

const isKept = (rule: SettleRule) => (KEPT_AT_SETTLE as readonly SettleRule[]).includes(rule);

/** The reason the job keeps on a view it did not pay (views.unpaid_reason): the first kept rule that refuses it, or null. */
export const keptReasonSql = (v: ViewRef) =>
  `case ${KEPT_AT_SETTLE.map((rule) => `when ${REFUSES[rule](v)} then '${rule}'`).join(" ")} end`;

/**
 * Why the earnings job did not pay the settled view `v` (alias of a views row), in the policy's order: a kept
 * verdict as the job kept it, the other rules as they judge now. A view no rule refuses now (an admin raised the
 * daily limit since) reads as the last rule, the viewer's daily limit, which it met when it was settled.
 */
export function unpaidReasonSql(alias: string): string {
  const v = viewOf(alias);
  const whens = SETTLE_RULES.map(
    (rule) => `when ${isKept(rule) ? `${alias}.unpaid_reason = '${rule}'` : REFUSES[rule](v)} then '${rule}'`,
  );
  return `case ${whens.join("\n      ")} else '${SETTLE_RULES[SETTLE_RULES.length - 1]}' end`;
}

/** The first start rule that refuses a view of `v` starting now, or null (one `case` over REFUSES). */
export const startRefusalSql = (v: ViewRef, rules: readonly StartRule[]) =>
  `case ${rules.map((rule) => `when ${REFUSES[rule](v)} then '${rule}'`).join(" ")} end`;

/** A views row under `alias` as the rules read it. */
export const viewOf = (alias: string): ViewRef => ({
  viewer: `${alias}.viewer_id`,
  creator: `${alias}.creator_id`,
  content: `${alias}.content_id`,
  day: `${alias}.qualified_day`,
  ipHash: `${alias}.ip_hash`,
});
