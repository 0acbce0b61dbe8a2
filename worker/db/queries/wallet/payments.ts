import { desc, eq } from "drizzle-orm";
import type { Db } from "../../client";
import { paymentReversals, payments, users } from "../../schema";

export type PaymentReversalRow = typeof paymentReversals.$inferSelect;

/** A user's own payments, newest first (served by payments_user_created_idx), each with its correction if any. */
export async function paymentsOf(db: Db, userId: string) {
  return db
    .select({ payment: payments, reversal: paymentReversals })
    .from(payments)
    .leftJoin(paymentReversals, eq(paymentReversals.paymentId, payments.id))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt));
}

/** One payment with its payee's email and its correction (null when none). */
export async function paymentWithReversal(db: Db, id: string) {
  const [row] = await db
    .select({ payment: payments, email: users.email, reversal: paymentReversals })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(paymentReversals, eq(paymentReversals.paymentId, payments.id))
    .where(eq(payments.id, id));
  return row ?? null;
}
