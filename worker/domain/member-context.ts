import type { Db } from "../db/client";
import type { Caller } from "./content/visibility";

/**
 * Who asks a member's service to act (the signed-in member) and the database (the request's D1 session):
 * `verbEntity({ ctx, input })` (docs/decisions/041). Admin services take admin/admin-context.ts's.
 */
type MemberContext = { db: Db; actor: { id: string } };
export type MemberCall<Input> = { ctx: MemberContext; input: Input };

/** A member's service that also stores media: the request's bucket beside the database. */
export type StorageContext = MemberContext & { bucket: R2Bucket };
export type StorageCall<Input> = { ctx: StorageContext; input: Input };

/**
 * A read anyone may ask for, signed in or not (docs/decisions/070): the caller, if any, decides what they may
 * see (a hidden item: its creator and admins, domain/content/visibility.ts).
 */
export type ReaderCall<Input> = { ctx: { db: Db; actor: Caller }; input: Input };

/**
 * A member's service that also asks their own watch-session object (docs/decisions/015): the Worker's bindings
 * beside the database, as the route has them.
 */
export type WatcherCall<Input> = { ctx: MemberContext & { env: Env }; input: Input };
