// D1 read replication through the Sessions API (docs/architecture.md §8 "Scaling", docs/decisions/022).
// A request that may write starts on the primary; a read starts wherever is at least as new as the
// caller's last write (the bookmark their write left in a cookie), else on any replica.

/** The cookie that carries a member's bookmark between requests. __Host-: Secure, host-only, Path=/. */
export const BOOKMARK_COOKIE = "__Host-rp_d1";
/** Long enough to outlive any replica lag many times over; an old bookmark only means "at least this new". */
export const BOOKMARK_MAX_AGE_S = 24 * 3600;

// What D1 hands out: hex fields separated by dashes, lexicographically sortable. Anything else in the cookie
// is ignored rather than passed on, so a forged value can never make D1 refuse the request.
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/i;
export const isBookmark = (value: string | undefined): value is string => value !== undefined && BOOKMARK.test(value);

/** Safe methods only read; anything else (money, challenges, uploads, sign-in) may write. */
export const mayWrite = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());

/**
 * Where a request's session starts: the primary for anything that may write (its conditions read the newest
 * rows: balances, caps, challenge progress), the caller's bookmark for a read after their own write, else
 * any replica.
 */
export function sessionStart(method: string, cookie: string | undefined): D1SessionConstraint | D1SessionBookmark {
  if (mayWrite(method)) return "first-primary";
  return isBookmark(cookie) ? cookie : "first-unconstrained";
}
