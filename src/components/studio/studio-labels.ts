import type { DiscoveryMethod } from "../../../common/playback";

// Words the studio shows for how viewers came to an item (docs/product-spec.md, Stats).
export const SOURCE_LABELS: Record<DiscoveryMethod, string> = {
  ai_recommended: "AI recommended",
  search: "Search",
  browse: "Browse",
  follow: "Following",
  shared_link: "Shared link or direct",
};

export const percentText = (share: number) => `${Math.round(share * 1000) / 10} %`;
