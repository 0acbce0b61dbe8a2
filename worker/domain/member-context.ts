import type { Db } from "../db/client";

/**
 * Who asks a member's service to act (the signed-in member) and the database (the request's D1 session):
 * `verbEntity({ ctx, input })` (docs/decisions/041). Admin services take admin/admin-context.ts's.
 */
type MemberContext = { db: Db; actor: { id: string } };
export type MemberCall<Input> = { ctx: MemberContext; input: Input };

/** A member's service that also stores media: the request's bucket beside the database. */
export type StorageContext = MemberContext & { bucket: R2Bucket };
export type StorageCall<Input> = { ctx: StorageContext; input: Input };
