import { MIN_EARNING_MS_SQL } from "../earnings/earning-rule-settings";
import { inNetworkSql, memberNumSql, networkKeySql } from "../archive/kept-numbers";
import { contentEarnsSql } from "../content/media-floor";

// Who may certify a sign-on claimant's uploads (docs/decisions/031). The views that complete
// `min_views_per_content` must come from accounts independent of the claimant. Pure SQL strings over the
// claimant's id and challenge window, given as SQL expressions; the progress (challenge-progress.ts) and the
// risk checks at award time (bonus-risk.ts) read the same rule, over permanent facts (no deleted flag is
// read: a deleted item's views still count, and still make a viewer dependent).

/** Unique views on an upload count within this long after the upload (docs/architecture.md §4 "Challenges"). */
const UNIQUE_VIEW_WINDOW_HOURS = 24;
/** A certifier's account is older than this at the view (docs/decisions/065)… */
const CERTIFIER_MIN_AGE_DAYS = 7;
/** …and watched (qualified views, paid or not) items of at least this many creators other than the claimant. */
const CERTIFIER_MIN_CREATORS = 2;

const shifted = (at: string, by: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, '${by}')`;

/** A claimant's window, widened by the day in which an upload's views count, on each side. */
export type ClaimWindow = { claimant: string; from: string; to: string };

/**
 * `k` is another claimant near the window: a member who uploaded inside their own challenge window, and that
 * window overlaps the claimant's (widened by a day each way).
 */
const claimantNear = (k: string, w: ClaimWindow) => `exists (select 1 from challenge_progress kp
   join content kc on kc.created_by = kp.user_id and kc.created_at between kp.enrolled_at and kp.deadline_at
   where kp.user_id = ${k} and kp.enrolled_at <= ${shifted(w.to, "+1 day")} and kp.deadline_at >= ${shifted(w.from, "-1 day")})`;

/**
 * Who watched from an address is read from view_addresses (every view ever, archived ones too; members by their
 * number, docs/decisions/058); the views of the window itself (`v`, `o`) stay in D1 while a claim can still be
 * judged (the archive keeps them: archive-views.ts, docs/decisions/053).
 * The qualified view `v` (of one of the claimant's uploads) comes from an account independent of the claimant:
 *  - real: an account older than CERTIFIER_MIN_AGE_DAYS at the view that watched items of CERTIFIER_MIN_CREATORS
 *    creators or more besides the claimant (qualified views, view_pairs, archived views included): a farm's fresh
 *    accounts, or accounts that only ever watch its claimants, certify nothing (docs/decisions/065);
 *  - network: its network (an IPv4 address, an IPv6 /56) is not one the claimant ever watched from, nor one
 *    another claimant near the window watched from (the viewer's own claim aside); a view without an address
 *    cannot match;
 *  - certifier: its viewer did not, during the claimant's window (widened by a day each way; by when the view
 *    started), also certify another claimant: watch, qualified within a day of the upload, an upload another
 *    member made inside their own challenge window. Such a viewer counts for none of the claimants.
 */
const independentViewSql = (v: string, w: ClaimWindow) => `exists (select 1 from users cert_u
     where cert_u.id = ${v}.viewer_id and julianday(${v}.started_at) - julianday(cert_u.created_at) > ${CERTIFIER_MIN_AGE_DAYS})
  and (select count(*) from view_pairs cert_p where cert_p.viewer_num = ${memberNumSql(`${v}.viewer_id`)} and cert_p.qualified > 0
       and cert_p.creator_num <> ${memberNumSql(w.claimant)}) >= ${CERTIFIER_MIN_CREATORS}
  and not (
   (${v}.ip_hash <> '' and exists (select 1 from view_addresses a join users au on au.num = a.viewer_num
      where ${inNetworkSql("a.ip_hash", `${v}.ip_hash`)} and au.id <> ${v}.viewer_id
      and (au.id = ${w.claimant} or ${claimantNear("au.id", w)})))
   or exists (select 1 from views o join content oc on oc.id = o.content_id
      where o.viewer_id = ${v}.viewer_id and o.started_at between ${shifted(w.from, "-1 day")} and ${shifted(w.to, "+1 day")}
        and o.qualified_at is not null and oc.created_by not in (${w.claimant}, ${v}.viewer_id)
        and o.qualified_at <= ${shifted("oc.created_at", `+${UNIQUE_VIEW_WINDOW_HOURS} hours`)}
        and exists (select 1 from challenge_progress op
                    where op.user_id = oc.created_by and oc.created_at between op.enrolled_at and op.deadline_at)))`;

/**
 * Per upload of the claimant (at least the shortest earning length, of real media): unique independent qualified views by
 * others within 24 h of the upload, unique by server-side signals — the smaller of distinct accounts and
 * distinct networks (certifiers sharing one network count once; a view without an address counts as its
 * account's own). The client's device
 * fingerprint is only a hint and does not count. The weakest upload's count; 0 without any. `uploadsUntil`
 * leaves out later uploads (a re-check of a completed challenge judges the uploads that completed it).
 */
export const minIndependentViewsSql = (w: ClaimWindow, uploadsUntil?: string) => `coalesce((select min(n) from (
   select min(count(distinct v.viewer_id), count(distinct coalesce(nullif(${networkKeySql("v.ip_hash")}, ''), 'account:' || v.viewer_id))) as n
   from content c left join views v on v.content_id = c.id and v.qualified_at is not null
     and v.viewer_id <> c.created_by
     and v.qualified_at <= ${shifted("c.created_at", `+${UNIQUE_VIEW_WINDOW_HOURS} hours`)}
     and ${independentViewSql("v", w)}
   where c.created_by = ${w.claimant} and c.duration_ms >= ${MIN_EARNING_MS_SQL} and ${contentEarnsSql("c")}
     ${uploadsUntil ? `and c.created_at <= ${uploadsUntil}` : ""}
   group by c.id)), 0)`;
