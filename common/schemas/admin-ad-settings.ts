import { z } from "zod";
import { AD_HOST_ORIGIN, MAX_AD_HOSTS } from "../ad-hosts";

// The ad settings are strings, as the spec stores them (docs/product-spec.md §3 "Ad settings").

const flag = z.enum(["true", "false"], "must be 'true' or 'false'");

/**
 * An ad feed is an http(s) URL, or a path on our own origin (the demo feed in public/ads is served
 * wherever the app runs, whatever its port), or empty to switch ads off. Never a URL with a user name or password
 * (as profile links, `parseLink`), and never our own API: a VAST feed is never one of our /api/ paths
 * (docs/decisions/108).
 */
const feedUrl = z
  .string()
  .trim()
  .max(2048, "must be at most 2048 characters")
  .superRefine((v, ctx) => {
    const problem = feedUrlProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * What is wrong with an ad feed's address, or null. `origin` is our own (the server passes it, as only it knows
 * where it runs), so a full URL to our own /api/ is refused as a path to it is.
 */
export function feedUrlProblem(v: string, origin?: string): string | null {
  if (v === "") return null;
  if (v.startsWith("/") && !v.startsWith("//") && !v.startsWith("/\\")) {
    // Resolved as the browser would, so "/ads/../api/x" and "/%61pi/x" are seen as what they reach.
    return isOurApi(new URL(v, "https://reelpay.invalid").pathname) ? "must not be one of our /api/ addresses" : null;
  }
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return "must be an http(s) URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must be an http(s) URL";
  if (url.username || url.password) return "must not hold a user name or password";
  if (url.origin === origin && isOurApi(url.pathname)) return "must not be one of our /api/ addresses";
  return null;
}

/** Whether a path is one of our API's, however its letters are escaped. */
function isOurApi(pathname: string) {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A broken escape is not our API's path either way; judge it as written.
  }
  return /^\/api(?:\/|$)/i.test(path);
}

/** The admin's list of ad hosts, one origin per line (or separated by spaces or commas), stored space-separated. */
const adHosts = z
  .string()
  .max(2048, "must be at most 2048 characters")
  .transform((text, ctx) => {
    const hosts = [
      ...new Set(
        text
          .split(/[\s,]+/)
          .filter(Boolean)
          .map((h) => h.toLowerCase().replace(/\/$/, "")),
      ),
    ];
    const bad = hosts.find((h) => !AD_HOST_ORIGIN.test(h));
    if (bad !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `"${bad}" is not an https origin such as https://cdn.example.com or https://*.example.com`,
      });
      return z.NEVER;
    }
    if (hosts.length > MAX_AD_HOSTS) {
      ctx.addIssue({ code: "custom", message: `at most ${MAX_AD_HOSTS} hosts` });
      return z.NEVER;
    }
    return hosts.join(" ");
  });

/** Minutes within which playing an item again shows no pre-roll (docs/decisions/045): 0 (always) to a day. */
const minutes = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, "must be a whole number of minutes")
  .refine((v) => Number(v) <= 1440, "must be at most 1440 minutes (a day)")
  .transform((v) => String(Number(v)));

/** PATCH /api/admin/ad-settings: one setting at a time. */
export const adSettingChange = z.discriminatedUnion(
  "key",
  [
    z.object({ key: z.literal("preroll_enabled"), value: flag }),
    z.object({ key: z.literal("postroll_enabled"), value: flag }),
    z.object({ key: z.literal("vast_url"), value: feedUrl }),
    z.object({ key: z.literal("ad_hosts"), value: adHosts }),
    z.object({ key: z.literal("preroll_skip_minutes"), value: minutes }),
  ],
  "key must be one of preroll_enabled, postroll_enabled, vast_url, ad_hosts, preroll_skip_minutes",
);
export type AdSettingChange = z.input<typeof adSettingChange>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** GET and PATCH /api/admin/ad-settings: every ad setting, stored or default, as the strings it is stored as. */
export const adminAdSettingsOut = z.object({
  preroll_enabled: flag,
  postroll_enabled: flag,
  /** The VAST feed: an http(s) URL, a path on our origin, or empty (ads off). */
  vast_url: z.string(),
  /** The ad hosts the pages' CSP allows, space-separated https origins (empty: none). */
  ad_hosts: z.string(),
  /** Minutes within which playing an item again shows no pre-roll (whole minutes; 0: the pre-roll always plays). */
  preroll_skip_minutes: z.string(),
});
