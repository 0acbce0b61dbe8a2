import { Hono } from "hono";
import type { AppEnv, SignedInEnv } from "../app-env";
import { readSettings, upsertSetting } from "../db/queries/settings";
import { auditStatement } from "../domain/audit";
import { AD_DEFAULTS, adSettingChange } from "../domain/settings/ad-settings";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";

/** Signed-in: what the player needs to run ads (spec §7 GET /api/ad-settings). */
export const adSettingsRoutes = new Hono<SignedInEnv>().get("/ad-settings", async (c) =>
  c.json(await readSettings(c.get("db"), AD_DEFAULTS), 200),
);

/** Admin: read and change ad settings one key at a time; every change is audited in the same batch. */
export const adminAdSettingsRoutes = new Hono<AppEnv>()
  .get("/ad-settings", async (c) => c.json(await readSettings(c.get("db"), AD_DEFAULTS), 200))
  .patch("/ad-settings", validate("json", adSettingChange), async (c) => {
    const { key, value } = c.req.valid("json");
    const db = c.get("db");
    const before = await readSettings(db, AD_DEFAULTS);
    // Saving the value a setting already has changes nothing, so it writes nothing (and no audit row).
    if (before[key] === value) return c.json(before, 200);
    await db.batch([
      upsertSetting(db, key, value, nowIso()),
      auditStatement(db, {
        actorId: c.get("user")!.id,
        action: "update",
        entity: "setting",
        entityId: key,
        before: { [key]: before[key] },
        after: { [key]: value },
      }),
    ]);
    return c.json({ ...before, [key]: value }, 200);
  });
