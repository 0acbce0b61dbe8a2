import type { AnalyticsConfig } from "../../../common/schemas/admin-analytics";

/** The marketing tag ids (docs/product-spec.md §3 "Analytics config"); empty means the tag is not loaded. */
export const ANALYTICS_CONFIG_DEFAULTS: AnalyticsConfig = { facebook_pixel_id: "", ga4_id: "" };
