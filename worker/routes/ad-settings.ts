import { Hono } from "hono";
import { adSettingsOut } from "../../common/schemas/ads";
import type { SignedInEnv } from "../app-env";
import { getAdSettings } from "../domain/settings/ad-settings";
import { responds } from "../openapi/responds";

/** Signed-in: what the player needs to run ads (docs/product-spec.md §7 GET /api/ad-settings). */
export const adSettingsRoutes = new Hono<SignedInEnv>().get(
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
