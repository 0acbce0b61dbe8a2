// What the run shows: flatness after the longest window, the extrapolation to a million visits a day, the
// scaling figures README's "Scaling" section quotes, and the markdown table for README.
import { D1_BUDGET_BYTES, DEFAULT_WINDOW_DAYS, d1BytesFor, ratesFromRun } from "../../common/d1-size-model.ts";
import type { Day } from "./simulate.ts";

const TEN_GB = 10e9;
/** worker/domain/archive/run-lifecycle.ts CRON_BUDGET.partsPerRun: parts one dataset may move per cron run (one a minute). */
const CRON_PARTS_PER_RUN = 4;
export const GOAL_FLAT_RATIO = 1.1;
export const GOAL_BYTES_AT_1M = 5e9;
const MB = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
const GB = (b: number) => `${(b / 1e9).toFixed(2)} GB`;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export type Scale = { visits_per_day: number; views_per_day: number; factor_to_1M: number };
export type Windows = {
  visits_days: number;
  page_days: number;
  views_days: number;
  notices_days: number;
  earnings_hold_days: number;
};

/**
 * The steady state, scaled to `visitsPerDay` (views scale alike): D1 = the empty database (schema, members,
 * items) + factor × what the traffic keeps in D1 at the end of the run. With the lifecycle that is the windows'
 * raw rows (bytes per visit-day × visits a day × their window, bytes per view-day × views a day × theirs) plus the
 * aggregates kept for good; scaling the aggregates by the factor too overstates them (a day's rollup rows grow
 * with pages and creators, not with visits), so the figure errs high. R2 and the cron's work grow by the factor.
 */
type Tables = {
  snapshotDays: number;
  atSnapshot: { table: string; bytes: number; rows: number }[];
  atEnd: { table: string; bytes: number; rows: number }[];
};

// How each table grows (the lifecycle's datasets, decision 051): with the traffic's volume, and then bounded by a
// window or kept for good; with the catalogue (rows per scope, page or item and day: more visits to the same
// pages add none); or not per day at all.
const CLASSES = {
  visits_window: ["page_visits", "traffic_sessions"],
  /** Views with their rewards, and the recommender's week of finished items kept apart from them (decision 060). */
  views_window: ["views", "earnings", "recent_finishes"],
  /** The bell's notices (a row per member and day): deleted after notifications_keep_days (decision 055). */
  notices_window: ["notifications"],
  /**
   * Grows with the views and stays: what the views archive and the period close keep in D1 for the readers
   * (decisions 052, 053: per view address, viewer–creator pair, member and day, earning day, opening balance).
   */
  volume_kept: ["view_addresses", "view_pairs", "member_view_days", "earning_days", "opening_balances"],
  /** traffic_page_days leaves after 91 days (decision 054); the others stay. */
  catalogue: ["traffic_page_days", "traffic_day_counts", "traffic_days", "content_day_stats", "content_retention"],
} as const;
type Row = { table: string; bytes: number; rows: number };
const sumOf = (rows: Row[], names: readonly string[]) =>
  rows.filter((r) => names.includes(r.table)).reduce((n, r) => n + r.bytes, 0);

/**
 * D1 after `days` days at `factor` × this run's volume, per choice of windows (page visits, sessions), from the
 * bytes each table takes per day of traffic here (measured before anything was old enough to archive): the
 * volume tables × factor × their window (notifications × factor × every day, nothing removes them), the
 * catalogue's per-day rows as measured (a bigger site has more pages and creators too: × factor is the upper
 * bound, given as well), plus the empty database.
 */
function windowModels(t: Tables, baseBytes: number, factor: number, w: Windows, days: number) {
  const [viewsDays, noticesDays, pageDaysKept] = [w.views_days, w.notices_days, w.page_days];
  const perDay = (names: readonly string[]) => sumOf(t.atSnapshot, names) / t.snapshotDays;
  const [raw, sessions, views, kept, notices] = [
    perDay(["page_visits"]),
    perDay(["traffic_sessions"]),
    perDay(CLASSES.views_window),
    perDay(CLASSES.volume_kept),
    perDay(CLASSES.notices_window),
  ];
  const [pageDays, catalogueKept] = [
    perDay(["traffic_page_days"]),
    perDay(CLASSES.catalogue) - perDay(["traffic_page_days"]),
  ];
  const model = (rawDays: number, sessionDays: number, catalogueFactor = 1) =>
    Math.round(
      baseBytes +
        factor *
          (raw * rawDays +
            sessions * sessionDays +
            views * viewsDays +
            notices * Math.min(days, noticesDays) +
            kept * days) +
        catalogueFactor * (pageDays * Math.min(days, pageDaysKept) + catalogueKept * days),
    );
  return {
    days,
    bytes_per_day_here: {
      page_visits: Math.round(raw),
      traffic_sessions: Math.round(sessions),
      views_and_earnings: Math.round(views),
      kept_with_views: Math.round(kept),
      notifications: Math.round(notices),
      traffic_page_days: Math.round(pageDays),
      other_rollups_kept: Math.round(catalogueKept),
    },
    design_91_91: model(91, 91),
    design_91_91_catalogue_x_factor: model(91, 91, factor),
    // The visits window at its minimum (w.visits_days) for page visits, sessions 91 days or the same.
    page_visits_at_window_sessions_91: model(w.visits_days, 91),
    page_visits_and_sessions_at_window: model(w.visits_days, w.visits_days),
    without_kept_growth_at_window: model(w.visits_days, w.visits_days) - Math.round(factor * kept * days),
  };
}

export function analyse(
  days: Day[],
  baseBytes: number,
  scale: Scale,
  windows: Windows,
  mode: "lifecycle" | "baseline",
  tables: Tables,
) {
  // The run's last day, per class: volume tables × factor, the rest as measured.
  const volume = [...CLASSES.visits_window, ...CLASSES.views_window, ...CLASSES.notices_window, ...CLASSES.volume_kept];
  const endVolume = sumOf(tables.atEnd, volume);
  const endOther = tables.atEnd.reduce((n, r) => n + r.bytes, 0) - endVolume;
  const longest = Math.max(windows.visits_days, windows.page_days, windows.views_days, windows.notices_days);
  const pastWindow = days[longest] ?? null;
  const last = days.at(-1)!;
  const flat_ratio = pastWindow ? Math.round((last.d1_bytes / pastWindow.d1_bytes) * 1000) / 1000 : null;
  // Bytes a day of traffic takes in D1, from the pages each phase added while nothing had been archived yet.
  const early = days.slice(0, Math.min(days.length, windows.visits_days, windows.views_days));
  const visitDay = mean(early.map((d) => d.visits_bytes_added)) / scale.visits_per_day;
  const viewDay = mean(early.map((d) => d.views_bytes_added)) / scale.views_per_day;
  const tail = days.slice(longest);
  const slope = tail.length > 1 ? (tail.at(-1)!.d1_bytes - tail[0]!.d1_bytes) / (tail.length - 1) : null;
  const r2PerDay = tail.length > 1 ? (tail.at(-1)!.r2_bytes - tail[0]!.r2_bytes) / (tail.length - 1) : 0;
  const windowModel =
    scale.visits_per_day * visitDay * windows.visits_days + scale.views_per_day * viewDay * windows.views_days;
  const at = (factor: number) =>
    mode === "lifecycle"
      ? Math.max(0, last.d1_bytes - endVolume - endOther) + factor * endVolume + endOther
      : baseBytes + factor * windowModel;
  const lifecycleDays = tail.filter((d) => d.lifecycle);
  const scaling = (factor: number) => ({
    d1_steady_bytes: Math.round(at(factor)),
    d1_growth_per_day_after_window: slope === null || mode === "baseline" ? null : Math.round(factor * slope),
    r2_bytes_per_day: Math.round(factor * r2PerDay),
    // The job's work grows with the rows: parts of CRON_BUDGET.rowsPerPart rows, at most partsPerRun a dataset and run.
    rows_archived_per_day: lifecycleDays.length
      ? Math.round(factor * mean(lifecycleDays.map((d) => d.lifecycle!.rows)))
      : null,
    parts_per_day: lifecycleDays.length
      ? Math.round(factor * mean(lifecycleDays.map((d) => d.lifecycle!.parts)))
      : null,
    cron_runs_with_work_per_day: lifecycleDays.length
      ? Math.ceil((factor * mean(lifecycleDays.map((d) => d.lifecycle!.parts))) / CRON_PARTS_PER_RUN)
      : null,
    lifecycle_ms_per_day_here: lifecycleDays.length
      ? Math.round(factor * mean(lifecycleDays.map((d) => d.lifecycle!.ms)))
      : null,
    d1_after_a_year_by_windows: tables.atSnapshot.length ? windowModels(tables, baseBytes, factor, windows, 365) : null,
    keep_everything_days_to_10GB: Math.round(
      (TEN_GB - baseBytes) / (factor * (visitDay * scale.visits_per_day + viewDay * scale.views_per_day)),
    ),
  });
  const f1 = scale.factor_to_1M;
  // The size model the windows' defaults are held to (common/d1-size-model.ts, decision 077), from this run's rows:
  // bytes per day of each window at 1M visits a day, the run's windows as measured, and the default windows at
  // the day's peak with this run's rows kept for good.
  const runWindows = { visits: windows.visits_days, views: windows.views_days, notifications: windows.notices_days };
  const rates =
    mode === "lifecycle"
      ? ratesFromRun(
          {
            visits: sumOf(tables.atEnd, CLASSES.visits_window),
            views: sumOf(tables.atEnd, ["views", "earnings"]),
            notifications: sumOf(tables.atEnd, CLASSES.notices_window),
            recent_finishes: sumOf(tables.atEnd, ["recent_finishes"]),
            kept_for_good: sumOf(tables.atEnd, CLASSES.volume_kept),
            rest: at(f1) - f1 * endVolume,
          },
          runWindows,
          days.length,
          f1,
        )
      : null;
  const d1Model = rates && {
    rates,
    at_run_windows_after_the_move: d1BytesFor(runWindows, rates, "after the move"),
    default_windows: DEFAULT_WINDOW_DAYS,
    at_default_windows_peak: d1BytesFor(DEFAULT_WINDOW_DAYS, rates),
    budget_bytes: D1_BUDGET_BYTES,
  };
  return {
    d1_model_at_1M: d1Model,
    flat_ratio,
    flat: {
      first_day_past_window: pastWindow?.date ?? null,
      d1_bytes_then: pastWindow?.d1_bytes ?? null,
      last_day: last.date,
      last_d1_bytes: last.d1_bytes,
    },
    extrapolated_bytes_at_1M_per_day: Math.round(at(f1)),
    // The same figure by class, so what is left to shrink is named: the volume classes × factor, the rest as measured.
    at_1M_by_class: {
      visits_window: Math.round(f1 * sumOf(tables.atEnd, CLASSES.visits_window)),
      views_window: Math.round(f1 * sumOf(tables.atEnd, CLASSES.views_window)),
      notices_window: Math.round(f1 * sumOf(tables.atEnd, CLASSES.notices_window)),
      volume_kept: Math.round(f1 * sumOf(tables.atEnd, CLASSES.volume_kept)),
      rest: mode === "lifecycle" ? Math.round(at(f1) - f1 * endVolume) : null,
    },
    extrapolation: {
      how:
        mode === "lifecycle"
          ? "the last day's D1, its volume tables (page_visits, traffic_sessions, views, earnings, recent_finishes, notifications, and the rows kept for good that grow with views: view_addresses, view_pairs, member_view_days, earning_days, opening_balances) × factor, the rest (rollups per scope/page/item and day, members, items, free pages) as measured"
          : "model (no lifecycle ran): empty database + factor × (bytes per visit-day × visits a day × visits window + bytes per view-day × views a day × views window); aggregates kept for good are not in it",
      empty_database_bytes: baseBytes,
      bytes_per_visit_day: Math.round(visitDay),
      bytes_per_view_day: Math.round(viewDay),
      windows_model_bytes_here: Math.round(windowModel),
    },
    tables: { after_days: tables.snapshotDays, at_that_day: tables.atSnapshot, at_end: tables.atEnd },
    at_1M: scaling(f1),
    at_10M: scaling(f1 * 10),
  };
}
export type Analysis = ReturnType<typeof analyse>;

export function markdown(r: {
  mode: string;
  scale: Scale;
  windows: Windows;
  days: Day[];
  baseline_days: Day[] | null;
  a: Analysis;
  ledger_ok: boolean;
  dashboards_ok: boolean;
  durationSec: number;
  command: string;
  date: string;
}) {
  const { a, scale } = r;
  const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;
  const lines = [
    `${r.date}, \`${r.command}\` (${r.durationSec} s): ${r.days.length} simulated days of ${scale.visits_per_day.toLocaleString("en-US")} visits and ` +
      `${scale.views_per_day.toLocaleString("en-US")} views a day (1M visits a day is ${scale.factor_to_1M}× this), windows at their minimums ` +
      `(visits and sessions ${days(r.windows.visits_days)}, page-day totals ${r.windows.page_days}, views ${r.windows.views_days}, notifications ${r.windows.notices_days}, hold ${r.windows.earnings_hold_days}); ` +
      (r.mode === "lifecycle"
        ? "the lifecycle job ran after every day."
        : "**baseline: no lifecycle job ran (keep everything)**."),
    "",
    "| figure | result | goal |",
    "|---|---|---|",
    `| D1 flat after the longest window (last day / first day past it) | ${a.flat_ratio ?? "n/a"} (${a.flat.first_day_past_window ?? "–"}: ${a.flat.d1_bytes_then ? MB(a.flat.d1_bytes_then) : "–"} → ${a.flat.last_day}: ${MB(a.flat.last_d1_bytes)}) | ≤ ${GOAL_FLAT_RATIO} |`,
    `| D1 at steady state, extrapolated to 1M visits a day | ${GB(a.extrapolated_bytes_at_1M_per_day)} (${r.mode === "lifecycle" ? "measured steady state × factor" : "model: bytes per visit-day × the visits window + per view-day × the views window"}) | < 5 GB |`,
    ...(r.mode === "lifecycle"
      ? [
          `| … of which: raw visits and sessions / views with their rewards (and the recommender's week of finishes) / notifications / kept for good (view aggregates, earning days, opening balances) / the rest (rollups, members, items) | ${GB(a.at_1M_by_class.visits_window)} / ${GB(a.at_1M_by_class.views_window)} / ${GB(a.at_1M_by_class.notices_window)} / ${GB(a.at_1M_by_class.volume_kept)} / ${GB(a.at_1M_by_class.rest ?? 0)} | – |`,
        ]
      : []),
    `| … at 10M visits a day | ${GB(a.at_10M.d1_steady_bytes)} | (D1's cap: 10 GB) |`,
    ...(a.d1_model_at_1M
      ? (() => {
          const m = a.d1_model_at_1M;
          const d = m.at_default_windows_peak;
          return [
            `| D1 at 1M visits a day with the default windows (visits ${m.default_windows.visits}, views ${m.default_windows.views}, notifications ${m.default_windows.notifications} days; at the day's peak, this run's rows kept for good; common/d1-size-model.ts): visits / views with their rewards and the week of finishes / notifications / kept for good / the rest | ${GB(d.total)}: ${GB(d.visits)} / ${GB(d.views)} / ${GB(d.notifications)} / ${GB(d.kept_for_good)} / ${GB(d.rest)} | ≤ ${GB(m.budget_bytes)} |`,
          ];
        })()
      : []),
    `| D1 bytes per visit-day / per view-day (rows, indexes, rollups; views with earnings and notices) | ${a.extrapolation.bytes_per_visit_day} B / ${a.extrapolation.bytes_per_view_day} B | – |`,
    ...(a.at_1M.d1_after_a_year_by_windows
      ? (() => {
          const y = a.at_1M.d1_after_a_year_by_windows;
          const v = r.windows.visits_days;
          return [
            `| D1 at 1M visits a day after a year, by windows (page visits / sessions; views ${r.windows.views_days} days; notifications ${r.windows.notices_days} days; view aggregates kept) | 91 / 91 days: ${GB(y.design_91_91)}; ${v} / 91: ${GB(y.page_visits_at_window_sessions_91)}; ${v} / ${v}: ${GB(y.page_visits_and_sessions_at_window)}; ${v} / ${v} without the rows that grow for good: ${GB(y.without_kept_growth_at_window)} | < 5 GB |`,
          ];
        })()
      : []),
    `| R2 per day at 1M visits a day | ${MB(a.at_1M.r2_bytes_per_day)} | – |`,
    `| the lifecycle's work at 1M / 10M visits a day (parts of 2,000 rows; cron runs needed at 4 parts a run, 1,440 a day) | ${a.at_1M.parts_per_day ?? "–"} / ${a.at_10M.parts_per_day ?? "–"} parts, ${a.at_1M.cron_runs_with_work_per_day ?? "–"} / ${a.at_10M.cron_runs_with_work_per_day ?? "–"} runs | ≤ 1,440 runs |`,
    `| keeping everything at 1M visits a day fills 10 GB in | ${a.at_1M.keep_everything_days_to_10GB} days | – |`,
    `| ledger re-checked (wallets by the balance SQL = credits − reversals − payments; rewards archived + in D1 = credited) | ${r.ledger_ok ? "ok" : "**failed**"} | ok |`,
    `| dashboards re-checked (90 days and every day's totals vs a recount of archived + live visits) | ${r.dashboards_ok ? "ok" : "**failed**"} | ok |`,
    "",
    `Bytes per table after ${a.tables.after_days} days (indexes included), and at the end: ` +
      a.tables.at_that_day
        .slice(0, 8)
        .map((t) => `${t.table} ${MB(t.bytes)}`)
        .join(", ") +
      "; end: " +
      a.tables.at_end
        .slice(0, 8)
        .map((t) => `${t.table} ${MB(t.bytes)}`)
        .join(", ") +
      ".",
    "",
    "| day | D1 | D1 in use | R2 | D1 keeping everything |",
    "|---|---|---|---|---|",
  ];
  const baseline = new Map((r.baseline_days ?? []).map((d) => [d.day, d]));
  for (const d of r.days) {
    if (
      d.day % 10 !== 0 &&
      d.day !== r.days.length - 1 &&
      d.day !== Math.max(r.windows.page_days, r.windows.views_days, r.windows.notices_days)
    )
      continue;
    const b = baseline.get(d.day);
    lines.push(
      `| ${d.day + 1} (${d.date}) | ${MB(d.d1_bytes)} | ${MB(d.d1_used_bytes)} | ${MB(d.r2_bytes)} | ${b ? MB(b.d1_bytes) : "–"} |`,
    );
  }
  return lines.join("\n");
}
