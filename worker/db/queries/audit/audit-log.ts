import { desc, eq } from "drizzle-orm";
import type { Db } from "../../client";
import { auditLog, users } from "../../schema";

/** The newest audit rows with the acting admin's email (null once that user is gone). */
export const recentAuditEntries = (db: Db, limit: number) =>
  db
    .select({ entry: auditLog, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
