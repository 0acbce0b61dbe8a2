import { inArray } from "drizzle-orm";
import type { Db } from "../../client";
import { settings } from "../../schema";
import { auditStatement, type AuditEntry } from "../audit/audit";

/** The stored values of the given keys, with defaults for keys never set. */
export async function readSettings<K extends string>(db: Db, defaults: Record<K, string>): Promise<Record<K, string>> {
  const keys = Object.keys(defaults) as K[];
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  const out = { ...defaults };
  for (const row of rows) out[row.key as K] = row.value;
  return out;
}

function upsertSetting(db: Db, key: string, value: string, updatedAt: string) {
  return db
    .insert(settings)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } });
}

/** Writes one setting and its audit row in one batch: if the change is written, so is its record. */
export async function upsertSettingAudited(db: Db, key: string, value: string, updatedAt: string, audit: AuditEntry) {
  await db.batch([upsertSetting(db, key, value, updatedAt), auditStatement(db, audit)]);
}
