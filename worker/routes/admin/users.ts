import { type Context, Hono } from "hono";
import { adminUsersOut, type AdminUserJson } from "../../../common/schemas/admin-users";
import type { AppEnv } from "../../app-env";
import { listMembers, MEMBERS_LIMIT } from "../../domain/admin/admin-lists";
import { responds } from "../../openapi/responds";
import { adminUsersJson } from "../serializers/admin-user";
import { adminContext } from "./admin-context";
import { csvAnswers, csvResponse } from "./csv";

const membersJson = async (c: Context<AppEnv>): Promise<AdminUserJson[]> =>
  adminUsersJson(await listMembers({ ctx: adminContext(c), input: {} }), c.get("settings").adminEmails);

/** Admin: every user with content count and balances (docs/product-spec.md §3 "User (admin list)"). */
export const adminUserRoutes = new Hono<AppEnv>()
  .get(
    "/users",
    responds("List members", {
      200: {
        description: `Every member (at most ${MEMBERS_LIMIT}), newest first, with content count and balances.`,
        schema: adminUsersOut,
      },
    }),
    async (c) => c.json(await membersJson(c), 200),
  )
  // The same balances (balance-parts.ts) for a spreadsheet.
  .get(
    "/users.csv",
    responds(
      "Download the members",
      csvAnswers("The members as the list shows them, without the admin and suspended flags."),
    ),
    async (c) => {
      const users = await membersJson(c);
      return csvResponse(
        "users.csv",
        [
          "id",
          "email",
          "username",
          "created_at",
          "content_count",
          "viewer_balance",
          "creator_balance",
          "available_balance",
          "pending_balance",
        ],
        users,
        ["viewer_balance", "creator_balance", "available_balance", "pending_balance"],
      );
    },
  );
