import type { AdminUserJson } from "../../../common/schemas/admin-users";
import type { UserWithTotals } from "../../db/queries/members/admin-users";
import { balancesOf } from "../../domain/wallet/balances";
import { usd } from "../../lib/money";

/** A user in the admin list (docs/product-spec.md §3 "User (admin list)"), balances from the same parts as the wallet. */
function adminUserJson(r: UserWithTotals, admins: ReadonlySet<string>): AdminUserJson {
  const b = balancesOf(r);
  return {
    id: r.id,
    email: r.email,
    username: r.username,
    created_at: r.createdAt,
    is_admin: admins.has(r.email) ? 1 : 0,
    content_count: Number(r.contentCount),
    viewer_balance: usd(b.viewerBalance),
    creator_balance: usd(b.creatorBalance),
    available_balance: usd(b.available),
    pending_balance: usd(b.pending),
    suspended: Boolean(r.suspended),
  };
}

/** The Users tab's list. */
export const adminUsersJson = (rows: UserWithTotals[], admins: ReadonlySet<string>): AdminUserJson[] =>
  rows.map((r) => adminUserJson(r, admins));
