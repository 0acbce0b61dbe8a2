import { api } from "./api";

// What the player needs to run ads (docs/product-spec.md §3 "Ad settings", §7 GET /api/ad-settings). Flags are the
// strings 'true'/'false', as the spec stores them; `vast_url` is an http(s) URL, a same-origin path
// (docs/decisions/009) or empty (ads off).
export type AdSettings = {
  preroll_enabled: "true" | "false";
  postroll_enabled: "true" | "false";
  vast_url: string;
};

export const getAdSettings = (signal?: AbortSignal) => api.GET("/api/ad-settings", { signal });

/** Which ad breaks run, and from which feed; a break needs its flag on and a feed address. */
export function adBreaks(settings: AdSettings) {
  const feed = settings.vast_url.trim();
  return {
    vastUrl: feed || null,
    preroll: settings.preroll_enabled === "true" && feed !== "",
    postroll: settings.postroll_enabled === "true" && feed !== "",
  };
}
