import { createMiddleware } from "hono/factory";
import type { AppEnv, SignedInEnv } from "../app-env";
import { forbidden, unauthorized } from "../lib/errors";

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
