// What a tracking URL of our ad feed may say (public/ads/sample-vast.xml):
//   /api/ads/track?event=<event>&ad=<ad id>&position=[BREAKPOSITION]&cb=[CACHEBUSTING]
// The player's VAST client fills the macros.

/** The VAST events our feed tracks, spelled as the feed spells them ('click' is its ClickTracking). */
export const AD_EVENTS = [
  "impression",
  "start",
  "firstQuartile",
  "midpoint",
  "thirdQuartile",
  "complete",
  "skip",
  "click",
  "error",
] as const;
export type AdEvent = (typeof AD_EVENTS)[number];

export const AD_POSITIONS = ["pre", "post", "unknown"] as const;
export type AdPosition = (typeof AD_POSITIONS)[number];
