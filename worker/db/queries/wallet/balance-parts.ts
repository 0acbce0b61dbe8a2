// The one SQL definition of a wallet's parts (docs/decisions/019). The wallet, the admin users list, the
// payment and credit guards, and the benchmarks' ledger invariant all read balances through these
// expressions, so "balance", "available" and "pending" cannot drift apart between screens and checks.
// Pure strings: the benchmarks import this file outside the Worker. Closed periods' view rewards are read from
// `opening_balances` (docs/decisions/052), so a close changes none of these sums.
//
// Parameters are SQL expressions: `user` names the user (a placeholder such as "?1" or a column such as
// "u.id"), `now` the ISO timestamp to judge holds against. Amounts are integer micro-dollars.
import { memberNumSql, sideNumberSql } from "../archive/kept-numbers";

/** An earning is reversed once a reversal row references it. */
const notReversed = (e: string) => `not exists (select 1 from reversals r where r.earning_id = ${e}.id)`;
/** A sign-on bonus is reversed once a bonus reversal row references it (decision 031). */
const bonusNotReversed = (b: string) => `not exists (select 1 from bonus_reversals br where br.bonus_id = ${b}.id)`;
/** An open fraud review covers the awarded bonus (the `bonus_risk` rule's subject is the bonus id). */
export const bonusUnderReviewSql = (b: string) =>
  `exists (select 1 from reviews rv where rv.rule = 'bonus_risk' and rv.subject = ${b}.id and rv.status = 'open')`;

/** An open fraud review covers it: it stays pending, whatever its hold says, until an admin decides. */
export const underReviewSql = (e: string) =>
  `exists (select 1 from review_earnings re join reviews rv on rv.id = re.review_id and rv.status = 'open' where re.earning_id = ${e}.id)`;

/** An earning still pending at `now`: in its hold, or under an open review, and not reversed. */
export const earningHeldSql = (e: string, now: string) =>
  `(${notReversed(e)} and (${e}.available_at > ${now} or ${underReviewSql(e)}))`;

// What closed periods folded (docs/decisions/052): final view rewards moved out of `earnings`, one row per member,
// side and month, named by the member's number (users.num, docs/decisions/058) and the side by its number
// (decision 060). Always available: only available, unreversed, never-reviewed rewards are folded.
const folded = (user: string, sides: string[]) =>
  `(select coalesce(sum(amount_micros), 0) from opening_balances
    where user_num = ${memberNumSql(user)} and side in (${sides.map(sideNumberSql).join(", ")}))`;
/** Credits of the given earnings kinds: the rows still in `earnings`, plus the opening balances of those sides. */
const earned = (user: string, kinds: string) => {
  const sides = kinds
    .split(",")
    .map((k) => k.trim())
    .filter((k) => k !== "'manual'");
  const rows = `(select coalesce(sum(amount_micros), 0) from earnings where user_id = ${user} and kind in (${kinds}))`;
  return sides.length ? `(${rows} + ${folded(user, sides)})` : rows;
};
const reversed = (user: string, side: string) =>
  `(select coalesce(-sum(amount_micros), 0) from reversals where user_id = ${user} and side = '${side}')`;
// Bonuses are viewer-side credits, so their reversals come off the viewer side.
const bonusesReversed = (user: string) =>
  `(select coalesce(-sum(amount_micros), 0) from bonus_reversals where user_id = ${user})`;
const viewerReversed = (user: string) => `(${reversed(user, "viewer")} + ${bonusesReversed(user)})`;
const bonusesAwarded = (user: string) =>
  `(select coalesce(sum(total_micros), 0) from bonuses where user_id = ${user} and status = 'awarded')`;
const heldEarnings = (user: string, kinds: string, now: string) =>
  `(select coalesce(sum(e.amount_micros), 0) from earnings e where e.user_id = ${user} and e.kind in (${kinds}) and ${earningHeldSql("e", now)})`;
/** Awarded bonuses still pending at `now`: in their hold, or under an open review, and not reversed. */
const heldBonuses = (user: string, now: string) =>
  `(select coalesce(sum(b.total_micros), 0) from bonuses b where b.user_id = ${user} and b.status = 'awarded'
     and ${bonusNotReversed("b")} and (b.available_at > ${now} or ${bonusUnderReviewSql("b")}))`;
/**
 * Payments, net of their corrections (docs/decisions/066): a reversed payment gave its amount back. `part` is
 * the column summed ("amount_micros", or "viewer_micros" for the viewer side's part), `status` optionally
 * narrows to pending or completed payments, `excludedPayment` leaves one out (the one being edited).
 */
const paymentsSql = (user: string, o: { excludedPayment?: string; part?: string; status?: string } = {}) => {
  const part = o.part ?? "amount_micros";
  const status = o.status ? ` and p.status = ${o.status}` : "";
  return `((select coalesce(sum(p.${part}), 0) from payments p where p.user_id = ${user} and p.id <> ${o.excludedPayment ?? "''"}${status})
    - (select coalesce(sum(pr.${part}), 0) from payment_reversals pr join payments p on p.id = pr.payment_id
       where pr.user_id = ${user} and p.id <> ${o.excludedPayment ?? "''"}${status}))`;
};

/**
 * Requests in flight (open, or sent in a payout batch) reserve their amounts (docs/decisions/036, 066),
 * optionally leaving one out (the request being paid: its payment takes its place in the same batch).
 */
const reservedSql = (user: string, excludedRequest = "''", part = "amount_micros") =>
  `(select coalesce(sum(${part}), 0) from payout_requests where user_id = ${user} and status in ('open', 'sent') and id <> ${excludedRequest})`;

const VIEWER = "'viewer'";
// Manual earnings count to the creator side (docs/product-spec.md §5); they are never held.
const CREATOR = "'creator', 'manual'";

/** Everything credited to the user, less reversals (both sides), before payments. */
const creditedSql = (user: string) =>
  `(${earned(user, `${VIEWER}, ${CREATOR}`)} + ${bonusesAwarded(user)} - ${viewerReversed(user)} - ${reversed(user, "creator")})`;
/** The pending part of both sides at `now`. */
const pendingSql = (user: string, now: string) =>
  `(${heldEarnings(user, `${VIEWER}, ${CREATOR}`, now)} + ${heldBonuses(user, now)})`;

/**
 * What a payment may draw on: credited minus pending minus every payment (optionally leaving one out,
 * the one being edited) minus what requests in flight reserve (optionally leaving one out, the one being
 * paid). Used inside the payment, payout request and credit writes, so a check and its write are one
 * statement.
 */
export const availableSql = (user: string, now: string, excludedPayment = "''", excludedRequest = "''") =>
  `(${creditedSql(user)} - ${pendingSql(user, now)} - ${paymentsSql(user, { excludedPayment })} - ${reservedSql(user, excludedRequest)})`;

/**
 * The viewer side's available money (docs/decisions/066): its credits less reversals, less its pending part,
 * less what payments and requests in flight already drew from it. A payout draws from here first and the
 * rest from the creator side, so it never draws held money and each side's lines add up.
 */
const viewerAvailableSql = (user: string, now: string, excludedPayment = "''", excludedRequest = "''") =>
  `(${earned(user, VIEWER)} + ${bonusesAwarded(user)} - ${viewerReversed(user)} - ${heldEarnings(user, VIEWER, now)} - ${heldBonuses(user, now)}
    - ${paymentsSql(user, { excludedPayment, part: "viewer_micros" })} - ${reservedSql(user, excludedRequest, "viewer_micros")})`;

/** The viewer part of a new payout of `amount`: the viewer side's available money first, never below 0. */
export const viewerPartSql = (
  user: string,
  now: string,
  amount: string,
  excludedPayment = "''",
  excludedRequest = "''",
) => `max(0, min(${amount}, ${viewerAvailableSql(user, now, excludedPayment, excludedRequest)}))`;

/** A reversal's cause as the member reads it (docs/decisions/066): a moderation takedown, a suspension, or a fraud review. */
const reversedFor = (user: string, side: string, cause: "takedown" | "suspension" | "review") => {
  const test =
    cause === "takedown"
      ? "reason = 'takedown'"
      : cause === "suspension"
        ? "reason like 'suspended%'"
        : "reason <> 'takedown' and reason not like 'suspended%'";
  return `(select coalesce(-sum(amount_micros), 0) from reversals where user_id = ${user} and side = '${side}' and ${test})`;
};

/**
 * The part of a side's view rewards that granted appeals gave back (docs/decisions/096): rows one generation or more
 * after a reward a takedown or suspension reversed. Already in that side's rewards; the wallet shows it apart.
 */
const givenBack = (user: string, kind: string) =>
  `(select coalesce(sum(amount_micros), 0) from earnings where user_id = ${user} and kind = ${kind} and generation > 0)`;

/** The record sums a wallet is derived from, one column each (see `BalanceParts`). */
export const balancePartsColumns = (user: string, now: string) =>
  [
    `${earned(user, VIEWER)} as viewerRewards`,
    `${earned(user, "'creator'")} as creatorRewards`,
    `${earned(user, "'manual'")} as manualEarnings`,
    `${bonusesAwarded(user)} as awardedBonuses`,
    `(select coalesce(sum(total_micros), 0) from bonuses where user_id = ${user} and status = 'awarded' and kind = 'manual') as manualBonuses`,
    `${viewerReversed(user)} as viewerReversed`,
    `${reversed(user, "creator")} as creatorReversed`,
    `${reversedFor(user, "viewer", "takedown")} as viewerReversedTakedown`,
    `${reversedFor(user, "viewer", "suspension")} as viewerReversedSuspension`,
    `${reversedFor(user, "creator", "takedown")} as creatorReversedTakedown`,
    `${reversedFor(user, "creator", "suspension")} as creatorReversedSuspension`,
    `${givenBack(user, VIEWER)} as viewerGivenBack`,
    `${givenBack(user, "'creator'")} as creatorGivenBack`,
    `(${heldEarnings(user, VIEWER, now)} + ${heldBonuses(user, now)}) as viewerPending`,
    `${heldEarnings(user, CREATOR, now)} as creatorPending`,
    `${paymentsSql(user)} as payments`,
    `${paymentsSql(user, { status: "'pending'" })} as pendingPayments`,
    `${reservedSql(user)} as reservedPayouts`,
    `(${paymentsSql(user, { part: "viewer_micros" })} + ${reservedSql(user, "''", "viewer_micros")}) as viewerDrawn`,
  ].join(",\n      ");

/** One row of `balancePartsColumns`. */
export type BalanceParts = {
  viewerRewards: number;
  creatorRewards: number;
  manualEarnings: number;
  /** Every awarded bonus; `manualBonuses` is the part an admin gave (the rest are sign-on bonuses). */
  awardedBonuses: number;
  manualBonuses: number;
  /** Positive amounts taken back by reversals (the viewer side includes reversed sign-on bonuses). */
  viewerReversed: number;
  creatorReversed: number;
  /** The parts of those a takedown or a suspension took back (the rest after a fraud review). */
  viewerReversedTakedown: number;
  viewerReversedSuspension: number;
  creatorReversedTakedown: number;
  creatorReversedSuspension: number;
  /** The part of each side's rewards that granted appeals gave back (docs/decisions/096), held again. */
  viewerGivenBack: number;
  creatorGivenBack: number;
  viewerPending: number;
  creatorPending: number;
  /** Every payment, pending or completed, net of corrections; `pendingPayments` is the part not paid yet. */
  payments: number;
  pendingPayments: number;
  /** What requests in flight reserve: not yet paid, but no longer available (docs/decisions/036). */
  reservedPayouts: number;
  /** The viewer side's part of payments and reservations (docs/decisions/066); the rest is the creator side's. */
  viewerDrawn: number;
};

/** The next moment a held credit of the user becomes available (null when none waits on the clock). */
export const nextReleaseSql = (user: string, now: string) => `min(
    coalesce((select min(e.available_at) from earnings e where e.user_id = ${user} and e.available_at > ${now}
              and ${notReversed("e")} and not ${underReviewSql("e")}), '9999'),
    coalesce((select min(b.available_at) from bonuses b where b.user_id = ${user} and b.status = 'awarded' and b.available_at > ${now}
              and ${bonusNotReversed("b")} and not ${bonusUnderReviewSql("b")}), '9999'))`;

/**
 * What the user's held credits release per UTC day from `now` on, oldest day first: the credits waiting on the
 * clock only (nextReleaseSql's), since one under an open review waits for an admin, not a date. Rows of
 * {day: "YYYY-MM-DD", micros}; the payout card counts them before the pace (docs/decisions/066).
 */
export const releasesByDaySql = (
  user: string,
  now: string,
) => `select substr(available_at, 1, 10) as "day", sum(micros) as "micros" from (
    select e.available_at, e.amount_micros as micros from earnings e where e.user_id = ${user} and e.available_at > ${now}
      and ${notReversed("e")} and not ${underReviewSql("e")}
    union all
    select b.available_at, b.total_micros as micros from bonuses b where b.user_id = ${user} and b.status = 'awarded' and b.available_at > ${now}
      and ${bonusNotReversed("b")} and not ${bonusUnderReviewSql("b")})
  group by 1 order by 1`;
