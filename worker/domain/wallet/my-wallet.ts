import { paymentsOf } from "../../db/queries/wallet/payments";
import { walletParts } from "../../db/queries/wallet/wallet";
import { nowIso } from "../../lib/time";
import type { MemberCall } from "../member-context";

/**
 * The caller's own wallet (docs/architecture.md §3): every record that moves their money summed as of now, when
 * held money is next released, and the newest credits an admin gave them.
 */
export async function getWallet({ ctx }: MemberCall<Record<string, never>>) {
  return walletParts(ctx.db, ctx.actor.id, nowIso());
}

/** Payments made to the caller, pending and completed, newest first, each with its correction if any. */
export async function listMyPayments({ ctx }: MemberCall<Record<string, never>>) {
  return paymentsOf(ctx.db, ctx.actor.id);
}
