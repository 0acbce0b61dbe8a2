import { Hono } from "hono";
import type { AdminUserJson } from "../../api-types";
import type { AppEnv } from "../../app-env";
import type { Db } from "../../db/client";
import { usersWithTotals } from "../../db/queries/admin-users";
import { balancesOf } from "../../domain/wallet/balances";
import { usd } from "../../lib/money";
import { nowIso } from "../../lib/time";
import { csvResponse } from "./csv";

const USERS_LIMIT = 5000;

async function listUsers(db: Db, admins: ReadonlySet<string>) {
  const rows = await usersWithTotals(db, USERS_LIMIT, nowIso());
  return rows.map((r): AdminUserJson => {
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
    };
  });
}

/** Admin: every user with content count and balances (docs/product-spec.md §3 "User (admin list)"). */
export const adminUserRoutes = new Hono<AppEnv>()
  .get("/users", async (c) => {
    return c.json(await listUsers(c.get("db"), c.get("settings").adminEmails), 200);
  })
  // The same balances (balance-parts.ts) for a spreadsheet.
  .get("/users.csv", async (c) => {
    const users = await listUsers(c.get("db"), c.get("settings").adminEmails);
    return csvResponse("users.csv", ["id", "email", "username", "created_at", "content_count", "viewer_balance", "creator_balance", "available_balance", "pending_balance"], users);
  });
