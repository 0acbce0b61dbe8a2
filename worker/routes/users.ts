import { Hono } from "hono";
import { z } from "zod";
import type { CreatorCardJson } from "../api-types";
import type { AppEnv, SignedInEnv } from "../app-env";
import { findUserById, setUsername } from "../db/queries/users";
import { displayName, usernameError } from "../domain/username";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { currentUserJson } from "./serialize";

/** Public: a creator's public card. The email itself stays private; its local part is the fallback name. */
export const usersPublicRoutes = new Hono<AppEnv>().get(`/users/:id${ID_PATTERN}`, async (c) => {
  const user = await findUserById(c.get("db"), c.req.param("id"));
  if (!user) throw notFound("Creator not found");
  const card: CreatorCardJson = {
    id: user.id,
    username: user.username,
    display_name: displayName(user),
    created_at: user.createdAt,
  };
  return c.json(card, 200);
});

const usernameBody = z.object({ username: z.string().max(200, "Username must be between 3 and 20 characters") });

/** Signed-in: the current user and their username. */
export const usersSignedInRoutes = new Hono<SignedInEnv>()
  .get("/users/me", (c) => c.json(currentUserJson(c.get("user")), 200))
  .patch("/users/me/username", validate("json", usernameBody), async (c) => {
    const username = c.req.valid("json").username.trim();
    const problem = usernameError(username);
    if (problem) throw badRequest(problem);
    const user = c.get("user");
    const ok = await setUsername(c.get("db"), { userId: user.id, username });
    if (!ok) throw new ApiError(409, "That username is already taken", "username_taken");
    return c.json(currentUserJson({ ...user, username }), 200);
  });
