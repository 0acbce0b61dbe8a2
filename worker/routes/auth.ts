import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { deleteSession } from "../db/queries/users";
import { googleAuthorization } from "../domain/auth/google";
import {
  clearSessionCookie,
  readSessionCookie,
  takeOAuthCookie,
  writeOAuthCookie,
  writeSessionCookie,
} from "../domain/auth/session-cookie";
import { signIn } from "../domain/auth/sign-in";
import { randomToken, safeEqual, sha256Hex } from "../lib/crypto";
import { ApiError } from "../lib/errors";
import { validate } from "../lib/validate";
import { currentUserJson } from "./serialize";

const sessionBody = z.object({
  code: z.string().trim().min(1, "code is required").max(4096),
  state: z.string().trim().min(1, "state is required").max(512),
});

/** Public: the sign-in flow (spec §7 "Session and user", DESIGN.md §4 "Sign-in"). */
export const authRoutes = new Hono<AppEnv>()
  .get("/oauth/google/redirect_url", (c) => {
    const settings = c.get("settings");
    const url = new URL(c.req.url);
    if (settings.devLogin && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) {
      const state = randomToken(24);
      writeOAuthCookie(c, state, "local");
      return c.json({ redirectUrl: `${url.origin}/auth/dev?state=${encodeURIComponent(state)}` }, 200);
    }
    const { url: redirectUrl, state, verifier } = googleAuthorization(settings, url.origin);
    writeOAuthCookie(c, state, verifier);
    return c.json({ redirectUrl }, 200);
  })
  .post("/sessions", validate("json", sessionBody), async (c) => {
    const { code, state } = c.req.valid("json");
    const saved = takeOAuthCookie(c);
    if (!saved || !safeEqual(saved.state, state)) {
      throw new ApiError(400, "Sign-in expired or was started elsewhere. Please sign in again.", "invalid_state");
    }
    const { user, token, created } = await signIn({
      db: c.get("db"),
      settings: c.get("settings"),
      requestUrl: new URL(c.req.url),
      code,
      verifier: saved.verifier,
    });
    writeSessionCookie(c, token);
    const isAdmin = c.get("settings").adminEmails.has(user.email);
    // `created` tells the SPA a new account was made (the analytics "user_signup" event).
    return c.json({ user: currentUserJson({ ...user, isAdmin }), created }, 200);
  })
  .get("/logout", async (c) => {
    const token = readSessionCookie(c);
    if (token) await deleteSession(c.get("db"), await sha256Hex(token));
    clearSessionCookie(c);
    return c.json({ ok: true }, 200);
  });
