import { Hono } from "hono";
import {
  notificationSettingsBody,
  notificationSettingsOut,
  notificationsOut,
  notificationsReadBody,
  notificationsReadOut,
} from "../../common/schemas/notifications";
import type { SignedInEnv } from "../app-env";
import { bellOf, changeNotificationSettings, markNotificationsRead } from "../domain/notifications/bell";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { bellJson } from "./serializers/notification";

/** Signed-in (a suspended member too: the bell tells them why): the notification bell (docs/decisions/046). */
export const notificationRoutes = new Hono<SignedInEnv>()
  .get(
    "/me/notifications",
    responds("Get my notifications", {
      200: {
        description:
          "The unread count (at most 100), the newest notifications with the uploads of followed creators merged in, and the groups turned off.",
        schema: notificationsOut,
      },
    }),
    async (c) => {
      const bell = await bellOf({ ctx: { db: c.get("db"), actor: c.get("user") }, input: {} });
      return c.json(bellJson(bell), 200);
    },
  )
  .post(
    "/me/notifications/read",
    responds("Mark my notifications read", {
      200: {
        description: "The unread count after marking the listed ids, or all, read.",
        schema: notificationsReadOut,
      },
    }),
    validate("json", notificationsReadBody),
    async (c) => {
      const ctx = { db: c.get("db"), actor: c.get("user") };
      await markNotificationsRead({ ctx, input: c.req.valid("json") });
      const bell = await bellOf({ ctx, input: {} });
      return c.json({ unread: bell.unread }, 200);
    },
  )
  .put(
    "/me/notifications/settings",
    responds("Choose which notifications I get", {
      200: { description: "The groups now turned off.", schema: notificationSettingsOut },
    }),
    validate("json", notificationSettingsBody),
    async (c) => {
      const settings = await changeNotificationSettings({
        ctx: { db: c.get("db"), actor: c.get("user") },
        input: c.req.valid("json"),
      });
      return c.json(settings, 200);
    },
  );
