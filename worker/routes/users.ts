import { Hono } from "hono";
import {
  creatorPageOut,
  currentUserOut,
  sessionOut,
  sessionsEndedOut,
  usernameChangeBody,
  type SessionJson,
  type SessionsEndedResponse,
} from "../../common/schemas/users";
import type { AppEnv, SignedInEnv } from "../app-env";
import { endAllSessions } from "../domain/auth/end-sessions";
import { getCreatorPage } from "../domain/members/creator-page";
import { changeUsername } from "../domain/username";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { clearSessionCookie } from "../middleware/session-cookie";
import { creatorPageJson } from "./serializers/creator-page";
import { currentUserJson } from "./serializers/current-user";

// Any one path segment but "me" (the signed-in /users/me): an address that names no creator, well-formed
// id or not, is a 404 for everyone, so a visitor's creator page can tell "unknown" from "sign in".
export const CREATOR_ID = "{(?!me$)[^/]+}";

/** Public: who this browser is signed in as, and a creator's page data. */
export const usersPublicRoutes = new Hono<AppEnv>()
  .get(
    "/session",
    responds("Get this browser's session", {
      200: {
        description:
          "The signed-in member, or null for a visitor. The app asks this on every first load: a visitor is an answer, not a failure (GET /api/users/me answers 401).",
        schema: sessionOut,
      },
    }),
    (c) => {
      const user = c.get("user");
      return c.json({ user: user ? currentUserJson(user) : null } satisfies SessionJson, 200);
    },
  )
  .get(
    `/users/:id${CREATOR_ID}`,
    responds("Get a creator's page", {
      200: {
        description:
          "The creator's public card (never the email), how many videos and audio items they have, their follower count and whether the caller follows them.",
        schema: creatorPageOut,
      },
    }),
    async (c) => {
      const page = await getCreatorPage({
        ctx: { db: c.get("db"), actor: c.get("user") },
        input: { id: c.req.param("id") },
      });
      return c.json(creatorPageJson(page), 200);
    },
  );

/** Signed-in: the current user, their username, and signing out of every device. */
export const usersSignedInRoutes = new Hono<SignedInEnv>()
  .get(
    "/users/me",
    responds("Get the signed-in member", {
      200: { description: "The member this session belongs to.", schema: currentUserOut },
    }),
    (c) => c.json(currentUserJson(c.get("user")), 200),
  )
  .patch(
    "/users/me/username",
    responds("Change my username", {
      200: {
        description: "The member with the new username. 409 (code username_taken) when another member has it.",
        schema: currentUserOut,
      },
    }),
    validate("json", usernameChangeBody),
    async (c) => {
      const user = c.get("user");
      const username = await changeUsername({
        ctx: { db: c.get("db"), actor: user },
        input: { username: c.req.valid("json").username },
      });
      return c.json(currentUserJson({ ...user, username }), 200);
    },
  )
  .delete(
    "/users/me/sessions",
    responds("Sign out of every device", {
      200: {
        description: "How many sessions ended, this browser's included; this browser's cookie is cleared too.",
        schema: sessionsEndedOut,
      },
    }),
    async (c) => {
      const { ended } = await endAllSessions({ ctx: { db: c.get("db"), actor: c.get("user") } });
      // This browser's session was one of them: its cookie goes too, so it is signed out like the others.
      clearSessionCookie(c);
      return c.json({ ended } satisfies SessionsEndedResponse, 200);
    },
  );
