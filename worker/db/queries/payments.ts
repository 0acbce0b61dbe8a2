import { desc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { payments } from "../schema";

/** A user's own payments, newest first (served by payments_user_created_idx). */
export async function paymentsOf(db: Db, userId: string) {
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt));
}
