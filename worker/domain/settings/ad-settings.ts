// The ad settings the player reads (docs/product-spec.md §3 "Ad settings"): strings, as the spec stores them.
// `ad_hosts` (not in the spec): the hosts the feed's ads come from, allowed by the pages' CSP (ad-hosts.ts).
// What an admin may change them to is common/schemas/admin-ad-settings.ts.
type AdSettingKey = "preroll_enabled" | "postroll_enabled" | "vast_url" | "ad_hosts";
export type AdSettings = Record<AdSettingKey, string>;

export const AD_DEFAULTS: AdSettings = { preroll_enabled: "false", postroll_enabled: "false", vast_url: "", ad_hosts: "" };
