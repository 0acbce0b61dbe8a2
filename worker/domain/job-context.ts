import { createDb, type Db } from "../db/client";

/**
 * What a job runs with (docs/decisions/070): the whole site and no actor, so the database and the Worker's
 * bindings. Jobs take one argument like services, `verbEntity({ ctx, input })`, with the instant they run at in
 * `input` (so tests and the bench pick the clock). Each job's type names the part of the context it uses, so a
 * caller that has only the database passes only that.
 */
export type JobContext = { db: Db; env: Env };

/** A job that reads and writes D1 only. */
export type DbJobCall<Input> = { ctx: Pick<JobContext, "db">; input: Input };

/** A job that also removes objects from the media bucket. */
export type MediaJobCall<Input> = { ctx: { db: Db; env: Pick<Env, "MEDIA"> }; input: Input };

/** The context the cron gives every job (worker/scheduled.ts). */
export const jobContext = (env: Env): JobContext => ({ db: createDb(env.DB), env });
