import type { AnalyticsConfig } from "../../../common/schemas/admin-analytics";
import { readSettings } from "../../db/queries/settings/settings";
import type { ReaderCall } from "../member-context";

/** The marketing tag ids (docs/product-spec.md §3 "Analytics config"); empty means the tag is not loaded. */
export const ANALYTICS_CONFIG_DEFAULTS: AnalyticsConfig = { facebook_pixel_id: "", ga4_id: "" };

/** The tag ids, stored or default, for anyone: every page loads the tags they name. */
export async function getAnalyticsConfig({ ctx }: ReaderCall<Record<string, never>>): Promise<AnalyticsConfig> {
  return readSettings(ctx.db, ANALYTICS_CONFIG_DEFAULTS);
}
