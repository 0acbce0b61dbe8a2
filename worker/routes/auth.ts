import { Hono } from "hono";
import {
  logoutOut,
  redirectUrlOut,
  sessionOut,
  signInBody,
  type LogoutResponse,
  type RedirectUrlResponse,
  type SessionResponse,
} from "../../common/schemas/auth";
import type { AppEnv } from "../app-env";
import { devLoginRefusal } from "../domain/auth/dev-login";
import { endSession } from "../domain/auth/end-sessions";
import { googleAuthorization } from "../domain/auth/google";
import {
  clearSessionCookie,
  readSessionCookie,
  takeOAuthCookie,
  writeOAuthCookie,
  writeSessionCookie,
} from "../middleware/session-cookie";
import { signIn } from "../domain/auth/sign-in";
import { randomToken, safeEqual } from "../lib/crypto";
import { badRequest } from "../lib/errors";
import { errorBody } from "../middleware/error-handler";
import { validate } from "../lib/validate";
import { signInLimit } from "../middleware/rate-limit";
import { responds } from "../openapi/responds";
import { currentUserJson } from "./serializers/current-user";

/** Public: the sign-in flow (docs/product-spec.md §7 "Session and user", docs/architecture.md §4 "Sign-in"). */
export const authRoutes = new Hono<AppEnv>()
  .get(
    "/oauth/google/redirect_url",
    responds("Start signing in", {
      200: {
        description:
          "Where to send the browser: Google's consent page, or the local sign-in page where the local sign-in is accepted. Sets the short-lived state cookie the callback checks.",
        schema: redirectUrlOut,
      },
      429: { description: "Too many sign-in attempts from this address; try again later." },
    }),
    signInLimit,
    (c) => {
      const settings = c.get("settings");
      const url = new URL(c.req.url);
      // The local page only where the local sign-in would be accepted; anywhere else, the real Google flow.
      if (!devLoginRefusal(settings, url, c.req.raw.headers)) {
        const state = randomToken(24);
        writeOAuthCookie(c, state, "local");
        return c.json(
          { redirectUrl: `${url.origin}/auth/dev?state=${encodeURIComponent(state)}` } satisfies RedirectUrlResponse,
          200,
        );
      }
      const { url: redirectUrl, state, verifier } = googleAuthorization(settings, url.origin);
      writeOAuthCookie(c, state, verifier);
      return c.json({ redirectUrl } satisfies RedirectUrlResponse, 200);
    },
  )
  .post(
    "/sessions",
    responds("Finish signing in", {
      200: {
        description: "The signed-in member, and whether the account was just created. Sets the session cookie.",
        schema: sessionOut,
      },
    }),
    signInLimit,
    validate("json", signInBody),
    async (c) => {
      const { code, state } = c.req.valid("json");
      const saved = takeOAuthCookie(c);
      if (!saved || !safeEqual(saved.state, state)) {
        throw badRequest("Sign-in expired or was started elsewhere. Please sign in again.", "invalid_state");
      }
      const { user, token, created } = await signIn({
        db: c.get("db"),
        settings: c.get("settings"),
        requestUrl: new URL(c.req.url),
        requestHeaders: c.req.raw.headers,
        code,
        verifier: saved.verifier,
      });
      writeSessionCookie(c, token);
      const isAdmin = c.get("settings").adminEmails.has(user.email);
      // `created` tells the SPA a new account was made (the analytics "user_signup" event).
      return c.json(
        {
          user: currentUserJson({ ...user, isAdmin, suspended: user.suspendedAt !== null }),
          created,
        } satisfies SessionResponse,
        200,
      );
    },
  )
  .get(
    "/logout",
    responds("Sign out", {
      200: { description: "Ends this browser's session (if any) and clears its cookie.", schema: logoutOut },
    }),
    async (c) => {
      // Hono answers HEAD with the GET route; HEAD must be safe (RFC 9110), so it never signs anyone out.
      if (c.req.method !== "GET") {
        return c.json(errorBody(c, "Sign out with GET /api/logout", "method_not_allowed"), 405, { Allow: "GET" });
      }
      const token = readSessionCookie(c);
      if (token) await endSession({ ctx: { db: c.get("db") }, input: { token } });
      clearSessionCookie(c);
      return c.json({ ok: true } satisfies LogoutResponse, 200);
    },
  );
