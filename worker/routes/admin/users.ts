import { Hono } from "hono";
import { adminUsersOut, type AdminUserJson } from "../../../common/schemas/admin-users";
import type { AppEnv } from "../../app-env";
import type { Db } from "../../db/client";
import { usersWithTotals } from "../../db/queries/members/admin-users";
import { nowIso } from "../../lib/time";
import { responds } from "../../openapi/responds";
import { adminUserJson } from "../serializers/admin-user";
import { csvAnswers, csvResponse } from "./csv";

const USERS_LIMIT = 5000;

const listUsers = async (db: Db, admins: ReadonlySet<string>): Promise<AdminUserJson[]> =>
  (await usersWithTotals(db, USERS_LIMIT, nowIso())).map((r) => adminUserJson(r, admins));

/** Admin: every user with content count and balances (docs/product-spec.md §3 "User (admin list)"). */
export const adminUserRoutes = new Hono<AppEnv>()
  .get(
    "/users",
    responds("List members", {
      200: { description: `Every member (at most ${USERS_LIMIT}), newest first, with content count and balances.`, schema: adminUsersOut },
    }),
    async (c) => {
      return c.json(await listUsers(c.get("db"), c.get("settings").adminEmails), 200);
    },
  )
  // The same balances (balance-parts.ts) for a spreadsheet.
  .get("/users.csv", responds("Download the members", csvAnswers("The members as the list shows them, without the admin and suspended flags.")), async (c) => {
    const users = await listUsers(c.get("db"), c.get("settings").adminEmails);
    return csvResponse("users.csv", ["id", "email", "username", "created_at", "content_count", "viewer_balance", "creator_balance", "available_balance", "pending_balance"], users, [
      "viewer_balance", "creator_balance", "available_balance", "pending_balance",
    ]);
  });
