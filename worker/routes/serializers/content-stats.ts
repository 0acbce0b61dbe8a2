import type { ContentStatsJson } from "../../../common/schemas/studio";
import type { ContentStats } from "../../domain/studio/content-stats";
import { usd } from "../../lib/money";

/** The studio's answer: µUSD become USD here, at the edge of the API. */
export const contentStatsJson = (contentId: string, s: ContentStats): ContentStatsJson => ({
  content_id: contentId,
  title: s.title,
  range: s.range,
  views: s.views,
  qualified_views: s.qualifiedViews,
  earnings_usd: usd(s.creatorMicros),
  avg_watched_percent: s.avgWatchedPercent,
  sources: s.sources,
  days: s.days.map((d) => ({
    day: d.day,
    views: d.views,
    qualified_views: d.qualifiedViews,
    earnings_usd: usd(d.creatorMicros),
  })),
  retention: s.retention,
  retention_views: s.retentionViews,
  comment_count: s.commentCount,
});
