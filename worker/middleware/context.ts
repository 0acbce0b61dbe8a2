import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { createDb } from "../db/client";
import { BOOKMARK_COOKIE, BOOKMARK_MAX_AGE_S, mayWrite, sessionStart } from "../db/read-session";
import { findSessionUser } from "../db/queries/members/users";
import { sha256Hex } from "../lib/crypto";
import { settingsOf } from "../lib/env";
import { nowIso } from "../lib/time";
import { readSessionCookie } from "./session-cookie";

/**
 * The database on the primary, for a read whose answer goes into a shared cache: a replica that has not yet seen a
 * takedown must not put the item back there (docs/decisions/074).
 */
export const primaryDb = (env: Env) => createDb(env.DB.withSession("first-primary"));

/**
 * Per-request context: request id, database, settings, and the signed-in user if the cookie is valid. The
 * database is one D1 session per request (read replicas, db/read-session.ts); after a request that may have
 * written, its bookmark goes back in a cookie so the caller's next reads see what they wrote.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  c.set("requestId", c.req.header("cf-ray") ?? crypto.randomUUID());
  const session = c.env.DB.withSession(sessionStart(c.req.method, getCookie(c, BOOKMARK_COOKIE)));
  const db = createDb(session);
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
        suspended: user.suspendedAt !== null,
      });
    }
  }
  await next();
  const bookmark = mayWrite(c.req.method) ? session.getBookmark() : null;
  if (bookmark)
    setCookie(c, BOOKMARK_COOKIE, bookmark, {
      path: "/",
      secure: true,
      httpOnly: true,
      sameSite: "Lax",
      maxAge: BOOKMARK_MAX_AGE_S,
    });
});
