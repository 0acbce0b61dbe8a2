import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { createDb } from "../db/client";
import { findSessionUser } from "../db/queries/users";
import { readSessionCookie } from "../domain/auth/session-cookie";
import { sha256Hex } from "../lib/crypto";
import { settingsOf } from "../lib/env";
import { nowIso } from "../lib/time";

/** Per-request context: request id, database, settings, and the signed-in user if the cookie is valid. */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  c.set("requestId", c.req.header("cf-ray") ?? crypto.randomUUID());
  const db = createDb(c.env.DB);
  const settings = settingsOf(c.env);
  c.set("db", db);
  c.set("settings", settings);
  c.set("user", null);
  const token = readSessionCookie(c);
  if (token) {
    const user = await findSessionUser(db, await sha256Hex(token), nowIso());
    if (user) {
      c.set("user", {
        id: user.id,
        email: user.email,
        username: user.username,
        createdAt: user.createdAt,
        isAdmin: settings.adminEmails.has(user.email),
      });
    }
  }
  await next();
});
