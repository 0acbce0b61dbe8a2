import { desc, eq } from "drizzle-orm";
import type { Db } from "../../client";
import { bonuses, earnings, paymentReversals, payments, users } from "../../schema";

// The admin money tabs' lists, newest first, each record with its user's email.

export const listManualEarnings = (db: Db) =>
  db
    .select({ earning: earnings, email: users.email })
    .from(earnings)
    .innerJoin(users, eq(users.id, earnings.userId))
    .where(eq(earnings.kind, "manual"))
    .orderBy(desc(earnings.createdAt))
    .limit(1000);

export const listManualBonuses = (db: Db) =>
  db
    .select({ bonus: bonuses, email: users.email })
    .from(bonuses)
    .innerJoin(users, eq(users.id, bonuses.userId))
    .where(eq(bonuses.kind, "manual"))
    .orderBy(desc(bonuses.createdAt))
    .limit(1000);

export const listPayments = (db: Db) =>
  db
    .select({ payment: payments, email: users.email, reversal: paymentReversals })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(paymentReversals, eq(paymentReversals.paymentId, payments.id))
    .orderBy(desc(payments.createdAt))
    .limit(5000);
