// The tables D1 keeps for good about members (view_pairs, view_addresses, member_view_days, earning_days,
// opening_balances) name a member by their number (users.num), and the per-day ones store a day as its number,
// days since 1970-01-01 (UTC), and a side as 0 (viewer) or 1 (creator): each fits in a byte or a few where the
// text took 26, 10 and 7 (migration 0030, docs/decisions/058). Migration 0032 (decision 060) went on: the bell's
// notifications name members by number too, opening_balances stores its side as 0/1 and its month as YYYYMM,
// and view_addresses keys an address by 16 hex digits. These turn an SQL expression to and from that form; the
// triggers of migrations 0030 and 0032 spell out the same expressions.
import { daysBetween } from "../../../lib/days";

/**
 * The key of a view's network (its ip_hash, an SQL expression): the first 8 hex digits, which name an IPv6
 * address's /56 and an IPv4 address itself (worker/lib/address-group.ts, docs/decisions/065). The collusion and
 * shared-address rules and the certifiers compare networks; rate limits keep the whole group.
 */
export const networkKeySql = (ipHash: string) => `substr(${ipHash}, 1, 8)`;

/**
 * `column` (an address key of view_addresses) is one of the network of `ipHash`: a range on the key's prefix, so
 * the table's primary key serves it (the keys' characters all sort below char(127)).
 */
export const inNetworkSql = (column: string, ipHash: string) =>
  `(${column} >= ${networkKeySql(ipHash)} and ${column} < ${networkKeySql(ipHash)} || char(127))`;

/** The number of the member whose id is the SQL expression `id` (users_num_unique goes back). */
export const memberNumSql = (id: string) => `(select num from users where id = ${id})`;

/**
 * The number of the UTC day of an ISO timestamp or 'YYYY-MM-DD' (an SQL expression). Of the date alone: julianday
 * of a date is a whole day and a half, so the cast is exact; of a time of day it would round toward zero, which
 * before 1970 is the next day.
 */
export const dayNumberSql = (iso: string) => `cast(julianday(substr(${iso}, 1, 10)) - 2440587.5 as integer)`;
/** The number of a 'YYYY-MM-DD' day, in TypeScript (to bind): days since 1970-01-01. */
export const dayNumberOf = (day: string) => daysBetween("1970-01-01", day);
/** 'YYYY-MM-DD' of a day number (an SQL expression). */
export const dayOfNumberSql = (n: string) => `date(${n} * 86400, 'unixepoch')`;
/** The month of an ISO timestamp as the number YYYYMM (an SQL expression): opening_balances' month. */
export const monthNumberSql = (iso: string) => `cast(substr(${iso}, 1, 4) || substr(${iso}, 6, 2) as integer)`;
/** 'viewer' or 'creator' of a stored side (an SQL expression). */
export const sideNameSql = (side: string) => `(case ${side} when 1 then 'creator' else 'viewer' end)`;
/** The stored side of 'viewer' or 'creator' (an SQL expression). */
export const sideNumberSql = (name: string) => `(${name} = 'creator')`;
