import { ComingSoon } from "../coming-soon";

/** The home page's 'Recommended for You' section. */
export function RecommendedSection() {
  return <ComingSoon level={2} title="Recommended for You" what="picks that learn from the content you like" />;
}
