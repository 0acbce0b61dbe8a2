import { Hono } from "hono";
import { adSettingChange } from "../../../common/schemas/admin-ad-settings";
import type { AppEnv } from "../../app-env";
import { readSettings } from "../../db/queries/settings";
import { AD_DEFAULTS } from "../../domain/settings/ad-settings";
import { changeSetting } from "../../domain/settings/change-setting";
import { validate } from "../../lib/validate";

/** Admin: read and change ad settings one key at a time; every change is audited in the same batch. */
export const adminAdSettingsRoutes = new Hono<AppEnv>()
  .get("/ad-settings", async (c) => c.json(await readSettings(c.get("db"), AD_DEFAULTS), 200))
  .patch("/ad-settings", validate("json", adSettingChange), async (c) => {
    const { key, value } = c.req.valid("json");
    const after = await changeSetting(c.get("db"), { defaults: AD_DEFAULTS, key, value, actorId: c.get("user")!.id });
    return c.json(after, 200);
  });
