import { AD_POSITIONS, type AdEvent, type AdPosition } from "../../../common/ad-events";
import type { AdAnalyticsResponse, AdEventCounts, AdFiguresJson } from "../../../common/schemas/admin-analytics";
import { adEventRows, type AdEventRow } from "../../db/queries/ads/ads";
import { checkAdmin, type AdminCall } from "../admin/admin-context";
import { reportRange, type ReportRange } from "../earnings/report-range";

const fieldOf: Record<AdEvent, keyof AdEventCounts> = {
  impression: "impressions",
  start: "starts",
  firstQuartile: "first_quartiles",
  midpoint: "midpoints",
  thirdQuartile: "third_quartiles",
  complete: "completes",
  skip: "skips",
  click: "clicks",
  error: "errors",
};

const DAY_MS = 24 * 3600 * 1000;

const noEvents = (): AdEventCounts => ({
  impressions: 0,
  starts: 0,
  first_quartiles: 0,
  midpoints: 0,
  third_quartiles: 0,
  completes: 0,
  skips: 0,
  clicks: 0,
  errors: 0,
});

function countsIn<K>(map: Map<K, AdEventCounts>, key: K): AdEventCounts {
  let counts = map.get(key);
  if (!counts) map.set(key, (counts = noEvents()));
  return counts;
}

function add(counts: AdEventCounts, row: AdEventRow) {
  const field = fieldOf[row.event as AdEvent] as keyof AdEventCounts | undefined;
  // Only validated events are ever stored; a row from elsewhere (a hand edit) is not ours to show.
  if (field) counts[field] += Number(row.n);
}

/**
 * Rates over impressions, the one event every shown ad sends, and the base ad servers report against.
 * (Starts would hide ads that were shown but never got going.)
 */
function withRates(c: AdEventCounts): AdFiguresJson {
  const of = (part: number) => (c.impressions ? part / c.impressions : 0);
  return { ...c, completion_rate: of(c.completes), skip_rate: of(c.skips), click_through_rate: of(c.clicks) };
}

/** The admin's ad figures: totals, per break position (those with events), and every day of the range. */
function adFigures(rows: AdEventRow[], range: ReportRange): AdAnalyticsResponse {
  const totals = noEvents();
  const byPosition = new Map<AdPosition, AdEventCounts>();
  const byDay = new Map<string, AdEventCounts>();
  for (const row of rows) {
    add(totals, row);
    const position = (AD_POSITIONS as readonly string[]).includes(row.position)
      ? (row.position as AdPosition)
      : "unknown";
    add(countsIn(byPosition, position), row);
    add(countsIn(byDay, row.day), row);
  }
  const start = Date.parse(`${range.startDate}T00:00:00Z`);
  const days = Array.from({ length: range.days }, (_, i) => {
    const date = new Date(start + i * DAY_MS).toISOString().slice(0, 10);
    return { date, ...(byDay.get(date) ?? noEvents()) };
  });
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    totals: withRates(totals),
    byPosition: AD_POSITIONS.filter((p) => byPosition.has(p)).map((position) => ({
      position,
      ...withRates(byPosition.get(position)!),
    })),
    days,
  };
}

/** The ad figures of a range of UTC days (default: the last 30), for the admin's Analytics tab. */
export async function getAdFigures({
  ctx,
  input,
}: AdminCall<{ startDate?: string; endDate?: string }>): Promise<AdAnalyticsResponse> {
  checkAdmin(ctx);
  const range = reportRange(input.startDate, input.endDate);
  return adFigures(await adEventRows(ctx.db, range), range);
}
