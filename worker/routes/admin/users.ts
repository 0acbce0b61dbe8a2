import { Hono } from "hono";
import type { AdminUserJson } from "../../api-types";
import type { AppEnv } from "../../app-env";
import { usersWithTotals } from "../../db/queries/admin-users";
import { balancesOf } from "../../domain/wallet/balances";
import { usd } from "../../lib/money";
import { nowIso } from "../../lib/time";

const USERS_LIMIT = 5000;

/** Admin: every user with content count and balances (docs/product-spec.md §3 "User (admin list)"). */
export const adminUserRoutes = new Hono<AppEnv>().get("/users", async (c) => {
  const admins = c.get("settings").adminEmails;
  const rows = await usersWithTotals(c.get("db"), USERS_LIMIT, nowIso());
  const users: AdminUserJson[] = rows.map((r) => {
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
    };
  });
  return c.json(users, 200);
});
