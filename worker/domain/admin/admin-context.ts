import type { Db } from "../../db/client";
import { forbidden } from "../../lib/errors";

/** Who asks an admin service to act, and the database it acts on (the request's D1 session). */
export type AdminContext = { db: Db; actor: { id: string; isAdmin: boolean } };

/** The one argument of every admin service: `verbEntity({ ctx, input })`. */
export type AdminCall<Input> = { ctx: AdminContext; input: Input };

/** The services check for themselves, so a caller other than the admin routes (a script, a job) cannot skip it. */
export function checkAdmin(ctx: AdminContext) {
  if (!ctx.actor.isAdmin) throw forbidden("Administrators only");
}
