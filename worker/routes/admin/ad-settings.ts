import { Hono } from "hono";
import { adminAdSettingsOut, adSettingChange, feedUrlProblem } from "../../../common/schemas/admin-ad-settings";
import type { AppEnv } from "../../app-env";
import { AD_DEFAULTS, getAdSettings } from "../../domain/settings/ad-settings";
import { changeSetting } from "../../domain/settings/change-setting";
import { badRequest } from "../../lib/errors";
import { validate } from "../../lib/validate";
import { responds } from "../../openapi/responds";
import { adminContext } from "./admin-context";

/**
 * Admin: read and change ad settings one key at a time; every change is audited in the same batch. The answer
 * is the stored strings; the flags are "true" or "false" because the one write here accepts nothing else.
 */
export const adminAdSettingsRoutes = new Hono<AppEnv>()
  .get(
    "/ad-settings",
    responds("Read the ad settings", {
      200: { description: "Every ad setting, stored or default.", schema: adminAdSettingsOut },
    }),
    async (c) => c.json(await getAdSettings({ ctx: adminContext(c), input: {} }), 200),
  )
  .patch(
    "/ad-settings",
    responds("Change one ad setting", {
      200: {
        description: "Every ad setting after the change (audited when the value changed).",
        schema: adminAdSettingsOut,
      },
    }),
    validate("json", adSettingChange),
    async (c) => {
      const { key, value } = c.req.valid("json");
      // The schema refuses /api/ paths; only here is our own origin known, for a full URL to it (docs/decisions/108).
      const ownApi = key === "vast_url" ? feedUrlProblem(value, new URL(c.req.url).origin) : null;
      if (ownApi) throw badRequest(`value: ${ownApi}`);
      const after = await changeSetting({ ctx: adminContext(c), input: { defaults: AD_DEFAULTS, key, value } });
      return c.json(after, 200);
    },
  );
