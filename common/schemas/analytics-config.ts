import { z } from "zod";

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** GET /api/analytics/config: the marketing tag ids (docs/product-spec.md §3 "Analytics config"); empty means the tag is not loaded. */
export const analyticsConfigOut = z.object({ facebook_pixel_id: z.string(), ga4_id: z.string() });
