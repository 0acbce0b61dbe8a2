import type { Db } from "../../db/client";
import { readSettings, upsertSettingAudited } from "../../db/queries/settings";
import { nowIso } from "../../lib/time";

export type SettingChange<K extends string> = { defaults: Record<K, string>; key: K; value: string; actorId: string };

/**
 * Changes one setting by an admin, with its audit row in the same batch, and returns the group's values
 * after. Saving the value a setting already has changes nothing, so it writes nothing (and no audit row).
 */
export async function changeSetting<K extends string>(db: Db, c: SettingChange<K>): Promise<Record<K, string>> {
  const before = await readSettings(db, c.defaults);
  if (before[c.key] === c.value) return before;
  await upsertSettingAudited(db, c.key, c.value, nowIso(), {
    actorId: c.actorId,
    action: "update",
    entity: "setting",
    entityId: c.key,
    before: { [c.key]: before[c.key] },
    after: { [c.key]: c.value },
  });
  return { ...before, [c.key]: c.value };
}
