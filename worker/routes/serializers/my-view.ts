import type { MyViewJson, MyViewsResponse } from "../../../common/schemas/my-views";
import type { MyViewRow } from "../../db/queries/earnings/my-views";
import type { listMyViews } from "../../domain/views/my-views";
import { watchedPercent, type Verdict } from "../../domain/views/view-outcome";
import { usd } from "../../lib/money";

/** One of the caller's views with what it did for them (docs/decisions/019 "a reason for every view"). */
const myViewJson = (r: MyViewRow, v: Verdict): MyViewJson => ({
  id: r.id,
  content_id: r.contentId,
  content_title: r.title,
  content_type: r.type,
  content_deleted: Boolean(r.contentDeleted),
  started_at: r.startedAt,
  watched_percent: watchedPercent(r.watchTimeMs, r.durationMs),
  outcome: v.outcome,
  reason: v.reason,
  amount_usd: usd(r.earningMicros ?? 0),
  available_at: v.availableAt,
});

/** The caller's views of one day and side, and for an archived day its summary. */
export const myViewsJson = (
  day: { date: string; as: "viewer" | "creator" },
  { views, truncated, archived }: Awaited<ReturnType<typeof listMyViews>>,
): MyViewsResponse => ({
  ...day,
  views: views.map((v) => myViewJson(v.row, v.verdict)),
  truncated,
  archived: archived && {
    views: archived.views,
    qualified: archived.qualified,
    credited: archived.credited,
    amount_usd: usd(archived.micros),
    reversed: archived.reversed,
  },
});
