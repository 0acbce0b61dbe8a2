// The ad settings the player reads (docs/product-spec.md §3 "Ad settings"): strings, as the spec stores them.
// `ad_hosts` (not in the spec): the hosts the feed's ads come from, allowed by the pages' CSP (ad-hosts.ts).
// What an admin may change them to is common/schemas/admin-ad-settings.ts.
// `preroll_skip_minutes` (docs/decisions/045): playing an item again within that many minutes of
// the last time shows no pre-roll; GET /api/content/{id} applies it for the caller.
import { readSettings } from "../../db/queries/settings/settings";
import type { ReaderCall } from "../member-context";
import { PREROLL_SKIP_MINUTES_DEFAULT } from "../views/resume";

type AdSettingKey = "preroll_enabled" | "postroll_enabled" | "vast_url" | "ad_hosts" | "preroll_skip_minutes";
export type AdSettings = Record<AdSettingKey, string>;

export const AD_DEFAULTS: AdSettings = {
  preroll_enabled: "false",
  postroll_enabled: "false",
  vast_url: "",
  ad_hosts: "",
  preroll_skip_minutes: String(PREROLL_SKIP_MINUTES_DEFAULT),
};

/** The one ad setting the item's page needs, read alone. */
export const PREROLL_SKIP_DEFAULT = { preroll_skip_minutes: AD_DEFAULTS.preroll_skip_minutes };

/** The stored window, in minutes; a value the schema would refuse (never written) counts as the default. */
export function prerollSkipMinutes(stored: string): number {
  const n = Number(stored);
  return Number.isInteger(n) && n >= 0 ? n : PREROLL_SKIP_MINUTES_DEFAULT;
}

/** Every ad setting, stored or default: what the player needs to run ads, and the admin's Ad Settings tab. */
export async function getAdSettings({ ctx }: ReaderCall<Record<string, never>>): Promise<AdSettings> {
  return readSettings(ctx.db, AD_DEFAULTS);
}
