import { readSettings, upsertSettingAudited } from "../../db/queries/settings/settings";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminCall } from "../admin/admin-context";

/** One setting of a group (ad settings, earning rules, analytics), the group's defaults naming its keys. */
export type SettingChange<K extends string> = { defaults: Record<K, string>; key: K; value: string };

/**
 * Changes one setting by an admin, with its audit row in the same batch, and returns the group's values
 * after. Saving the value a setting already has changes nothing, so it writes nothing (and no audit row).
 */
export async function changeSetting<K extends string>({
  ctx,
  input,
}: AdminCall<SettingChange<K>>): Promise<Record<K, string>> {
  checkAdmin(ctx);
  const before = await readSettings(ctx.db, input.defaults);
  if (before[input.key] === input.value) return before;
  await upsertSettingAudited(ctx.db, input.key, input.value, nowIso(), {
    actorId: ctx.actor.id,
    action: "update",
    entity: "setting",
    entityId: input.key,
    before: { [input.key]: before[input.key] },
    after: { [input.key]: input.value },
  });
  return { ...before, [input.key]: input.value };
}
