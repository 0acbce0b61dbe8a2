import { z } from "zod";

/** PATCH /api/admin/analytics/config: one marketing tag id at a time; empty switches the tag off. */
export const analyticsConfigChange = z.discriminatedUnion("key", [
  z.object({ key: z.literal("ga4_id"), value: z.string().trim().regex(/^(G-[A-Z0-9]{4,16})?$/, "must look like G-ABC1234 (or be empty)") }),
  z.object({ key: z.literal("facebook_pixel_id"), value: z.string().trim().regex(/^(\d{5,20})?$/, "must be the pixel's digits (or be empty)") }),
], "key must be ga4_id or facebook_pixel_id");
export type AnalyticsConfigChange = z.input<typeof analyticsConfigChange>;
