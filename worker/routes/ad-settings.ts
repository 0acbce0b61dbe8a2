import { Hono } from "hono";
import { adSettingsOut } from "../../common/schemas/ads";
import type { AppEnv } from "../app-env";
import { getAdSettings } from "../domain/settings/ad-settings";
import { responds } from "../openapi/responds";

/**
 * Public: what the player needs to run ads (docs/product-spec.md §7 GET /api/ad-settings). Public since the embed
 * page plays ads for visitors (docs/decisions/099); it says nothing the page's own Content-Security-Policy does not.
 */
export const adSettingsRoutes = new Hono<AppEnv>().get(
  "/ad-settings",
  responds("Get the ad settings", {
    200: {
      description:
        "Whether pre- and post-roll ads run, the VAST feed they come from, and the hosts its ads may come from.",
      schema: adSettingsOut,
    },
  }),
  async (c) => c.json(await getAdSettings({ ctx: { db: c.get("db"), actor: c.get("user") }, input: {} }), 200),
);
