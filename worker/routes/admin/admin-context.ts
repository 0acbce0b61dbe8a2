import type { Context } from "hono";
import type { AppEnv } from "../../app-env";
import type { AdminContext } from "../../domain/admin/admin-context";

/** The admin services' context from a request the admin guard already let through. */
export const adminContext = (c: Context<AppEnv>): AdminContext => ({ db: c.get("db"), actor: c.get("user")! });
