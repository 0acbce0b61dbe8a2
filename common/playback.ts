/** How a viewer came to an item (docs/product-spec.md §7 POST /api/playback-events); stored with the view, counted by admin analytics. */
export const DISCOVERY_METHODS = ["ai_recommended", "search", "browse", "follow", "shared_link"] as const;
export type DiscoveryMethod = (typeof DISCOVERY_METHODS)[number];
