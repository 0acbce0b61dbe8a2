import { z } from "zod";
import { adHostsInput } from "./ad-hosts";

// The ad settings the player reads (docs/product-spec.md §3 "Ad settings"): strings, as the spec stores them.
// `ad_hosts` (not in the spec): the hosts the feed's ads come from, allowed by the pages' CSP (ad-hosts.ts).
export const AD_SETTING_KEYS = ["preroll_enabled", "postroll_enabled", "vast_url", "ad_hosts"] as const;
export type AdSettingKey = (typeof AD_SETTING_KEYS)[number];
export type AdSettings = Record<AdSettingKey, string>;

export const AD_DEFAULTS: AdSettings = { preroll_enabled: "false", postroll_enabled: "false", vast_url: "", ad_hosts: "" };

const flag = z.enum(["true", "false"], "must be 'true' or 'false'");

/**
 * An ad feed is an http(s) URL, or a path on our own origin (the demo feed in public/ads is served
 * wherever the app runs, whatever its port), or empty to switch ads off.
 */
const feedUrl = z
  .string()
  .trim()
  .max(2048, "must be at most 2048 characters")
  .refine((v) => v === "" || (v.startsWith("/") && !v.startsWith("//")) || isHttpUrl(v), "must be an http(s) URL");

function isHttpUrl(v: string) {
  try {
    const url = new URL(v);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export const adSettingChange = z.discriminatedUnion("key", [
  z.object({ key: z.literal("preroll_enabled"), value: flag }),
  z.object({ key: z.literal("postroll_enabled"), value: flag }),
  z.object({ key: z.literal("vast_url"), value: feedUrl }),
  z.object({ key: z.literal("ad_hosts"), value: adHostsInput }),
], "key must be one of preroll_enabled, postroll_enabled, vast_url, ad_hosts");
