import { createMiddleware } from "hono/factory";
import type { AppEnv, SignedInEnv } from "../app-env";
import { accountSuspended, forbidden, unauthorized } from "../lib/errors";

// Access is declared once per sub-app (worker/app.ts), never per handler.

export const requireUser = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.get("user")) throw unauthorized();
  await next();
});

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) throw unauthorized();
  if (!user.isAdmin) throw forbidden("Administrators only");
  await next();
});

/**
 * Signed in and in good standing: a suspended member may sign in and read (the wallet, their items), but not
 * upload, like, report or change content (docs/decisions/027). One guard for the sub-app of those routes.
 */
export const requireActiveMember = createMiddleware<SignedInEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) throw unauthorized();
  if (user.suspended) throw accountSuspended();
  await next();
});
