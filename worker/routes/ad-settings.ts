import { Hono } from "hono";
import type { SignedInEnv } from "../app-env";
import { readSettings } from "../db/queries/settings";
import { AD_DEFAULTS } from "../domain/settings/ad-settings";

/** Signed-in: what the player needs to run ads (docs/product-spec.md §7 GET /api/ad-settings). */
export const adSettingsRoutes = new Hono<SignedInEnv>().get("/ad-settings", async (c) =>
  c.json(await readSettings(c.get("db"), AD_DEFAULTS), 200),
);
