// After the run: the ledger and the dashboards, re-checked against what was archived plus what D1 still holds.
// With the lifecycle wired, the archived rows come from the NDJSON parts in the local R2; in the baseline the
// archive is empty and the same recount runs over D1 alone.
import { balancePartsColumns, type BalanceParts } from "../../worker/db/queries/wallet/balance-parts.ts";
import { trafficDashboard } from "../../worker/domain/traffic/dashboard-figures.ts";
import { archivedLines, rowsIn, type R2Like } from "./archive.ts";
import type { Opened } from "./sqlite-d1.ts";
import { dbOf } from "./views-day.ts";

const DAY_MS = 86_400_000;
/** A column of an archived row, as SQL names it or as drizzle does. */
const col = (row: Record<string, unknown>, name: string) =>
  row[name] ?? row[name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())];

type Session = { first: string; views: number; maxDuration: number; source: string; device: string };

/** The site's sessions recounted from page visits (archived, then in D1), as traffic-rollups.ts defines them. */
async function recountSessions(opened: Opened, r2: R2Like) {
  const sessions = new Map<string, Session>();
  const seen = new Set<string>();
  let archived = 0;
  const add = (id: string, session: string, at: string, duration: number, source: string, device: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const s = sessions.get(session);
    if (!s) sessions.set(session, { first: at, views: 1, maxDuration: duration, source, device });
    else {
      s.views++;
      s.maxDuration = Math.max(s.maxDuration, duration);
      if (at < s.first) Object.assign(s, { first: at, source, device });
    }
  };
  // A line names its table (archive-visits.ts: { table, ...row }); page visits are the rows with a page and a session.
  const isVisit = (r: Record<string, unknown>) =>
    (r.table === undefined || r.table === "page_visits") &&
    col(r, "page_path") !== undefined &&
    col(r, "session_id") !== undefined &&
    col(r, "created_at") !== undefined;
  for await (const line of archivedLines(r2, "visits")) {
    for (const r of rowsIn(line, isVisit)) {
      archived++;
      add(
        String(col(r, "id")),
        String(col(r, "session_id")),
        String(col(r, "created_at")),
        Number(col(r, "visit_duration")),
        String(col(r, "source")),
        String(col(r, "device_type")),
      );
    }
  }
  const live = opened.sqlite
    .prepare("select id, session_id, created_at, visit_duration, source, device_type from page_visits")
    .iterate() as Iterable<Record<string, string | number>>;
  let inD1 = 0;
  for (const r of live) {
    inD1++;
    add(
      String(r.id),
      String(r.session_id),
      String(r.created_at),
      Number(r.visit_duration),
      String(r.source),
      String(r.device_type),
    );
  }
  return { sessions, archived, inD1 };
}

export type DashboardCheck = {
  ok: boolean;
  visitsArchived: number;
  visitsInD1: number;
  daysCompared: number;
  mismatches: string[];
};

/**
 * The 90-day dashboard (worker/domain/traffic/dashboard-figures.ts, the site's) at `nowMs` against the recount,
 * figure by figure, and every simulated day's session and page-view totals in traffic_days (which stay in D1 for
 * good) against the recount of that day.
 */
export async function checkDashboards(
  opened: Opened,
  r2: R2Like,
  nowMs: number,
  totalVisits: number,
): Promise<DashboardCheck> {
  const { sessions, archived, inD1 } = await recountSessions(opened, r2);
  const mismatches: string[] = [];
  const expect = (what: string, got: unknown, want: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(want))
      mismatches.push(`${what}: dashboard ${JSON.stringify(got)}, recount ${JSON.stringify(want)}`);
  };
  expect("visits stored (archive + D1)", archived + inD1, totalVisits);

  // A range starts at 00:00 UTC of the day that holds now − 90 days (whole days, decision 054).
  const since = `${new Date(nowMs - 90 * DAY_MS).toISOString().slice(0, 10)}T00:00:00.000Z`;
  const inRange = [...sessions.values()].filter((s) => s.first >= since && s.first < new Date(nowMs).toISOString());
  const dashboard = await trafficDashboard(dbOf(opened), { rangeDays: 90, nowMs });
  const sum = (f: (s: Session) => number) => inRange.reduce((n, s) => n + f(s), 0);
  expect("90 days: visitors", dashboard.summary.visitors, inRange.length);
  expect(
    "90 days: page views",
    dashboard.summary.page_views,
    sum((s) => s.views),
  );
  expect(
    "90 days: bounces",
    dashboard.summary.bounces,
    sum((s) => (s.views === 1 ? 1 : 0)),
  );
  expect(
    "90 days: total duration",
    Math.round(dashboard.summary.avg_dur * inRange.length),
    sum((s) => s.maxDuration),
  );
  const tally = (key: (s: Session) => string) => {
    const m = new Map<string, number>();
    for (const s of inRange) m.set(key(s), (m.get(key(s)) ?? 0) + 1);
    return m;
  };
  const bySource = tally((s) => s.source);
  for (const { source, visitors } of dashboard.sources)
    expect(`90 days: source ${source}`, visitors, bySource.get(source) ?? 0);
  const byDevice = tally((s) => s.device);
  for (const { type, visitors } of dashboard.devices)
    expect(`90 days: device ${type}`, visitors, byDevice.get(type) ?? 0);
  const byDay = new Map<string, { sessions: number; views: number }>();
  for (const s of sessions.values()) {
    const d = byDay.get(s.first.slice(0, 10)) ?? { sessions: 0, views: 0 };
    d.sessions++;
    d.views += s.views;
    byDay.set(s.first.slice(0, 10), d);
  }
  const rangeDays = new Map<string, { sessions: number; views: number }>();
  for (const s of inRange) {
    const d = rangeDays.get(s.first.slice(0, 10)) ?? { sessions: 0, views: 0 };
    d.sessions++;
    d.views += s.views;
    rangeDays.set(s.first.slice(0, 10), d);
  }
  for (const t of dashboard.timeline)
    expect(
      `90 days: timeline ${t.date}`,
      [t.visitors, t.pageViews],
      [rangeDays.get(t.date)?.sessions ?? 0, rangeDays.get(t.date)?.views ?? 0],
    );
  expect("90 days: timeline days", dashboard.timeline.length, rangeDays.size);

  const kept = opened.sqlite
    .prepare("select day, sessions, views from traffic_days where scope = '' order by day")
    .all() as { day: string; sessions: number; views: number }[];
  for (const d of kept)
    expect(
      `all time: traffic_days ${d.day}`,
      [d.sessions, d.views],
      [byDay.get(d.day)?.sessions ?? 0, byDay.get(d.day)?.views ?? 0],
    );
  expect("all time: days with sessions", kept.filter((d) => d.sessions > 0).length, byDay.size);
  return {
    ok: mismatches.length === 0,
    visitsArchived: archived,
    visitsInD1: inD1,
    daysCompared: kept.length,
    mismatches: mismatches.slice(0, 20),
  };
}

export type LedgerCheck = {
  ok: boolean;
  members: number;
  walletsMicros: number;
  creditedMicros: number;
  reversalsMicros: number;
  paymentsMicros: number;
  earningsArchivedMicros: number;
  earningsInD1Micros: number;
  viewsArchived: number;
  viewsInD1: number;
  mismatches: string[];
};

/**
 * Every member's wallet through the product's balance SQL (worker/db/queries/wallet/balance-parts.ts) against what the
 * bench credited them; the sum of wallets = credits − reversals − payments; and the view rewards recounted from
 * the archived views' earnings plus the ones still in D1 = everything credited.
 */
export async function checkLedger(
  opened: Opened,
  r2: R2Like,
  nowIso: string,
  credits: Map<string, number>,
  totalViews: number,
): Promise<LedgerCheck> {
  const mismatches: string[] = [];
  const wallet = opened.sqlite.prepare(`select ${balancePartsColumns("?1", "?2")}`);
  const members = opened.sqlite.prepare("select id from users").all() as { id: string }[];
  let walletsMicros = 0;
  for (const { id } of members) {
    const p = wallet.get(id, nowIso) as unknown as BalanceParts;
    const total =
      p.viewerRewards +
      p.creatorRewards +
      p.manualEarnings +
      p.awardedBonuses -
      p.viewerReversed -
      p.creatorReversed -
      p.payments;
    walletsMicros += total;
    if (total !== (credits.get(id) ?? 0) && mismatches.length < 20)
      mismatches.push(`wallet of ${id}: ${total}, credited ${credits.get(id) ?? 0}`);
  }
  const one = (sql: string) =>
    Number(Object.values(opened.sqlite.prepare(sql).get() as Record<string, unknown>)[0] ?? 0);
  const reversalsMicros =
    -one("select coalesce(sum(amount_micros), 0) from reversals") -
    one("select coalesce(sum(amount_micros), 0) from bonus_reversals");
  const paymentsMicros = one("select coalesce(sum(amount_micros), 0) from payments");
  const creditedMicros = [...credits.values()].reduce((a, b) => a + b, 0);
  if (walletsMicros !== creditedMicros - reversalsMicros - paymentsMicros) {
    mismatches.push(
      `sum of wallets ${walletsMicros} ≠ credits ${creditedMicros} − reversals ${reversalsMicros} − payments ${paymentsMicros}`,
    );
  }

  // By id, archive first: a row the archive holds and D1 still holds too (archived views whose earnings wait for
  // the period close, say) counts once.
  const earnings = new Map<string, number>();
  const views = new Set<string>();
  const isEarning = (r: Record<string, unknown>) =>
    col(r, "amount_micros") !== undefined && ["viewer", "creator"].includes(String(col(r, "kind")));
  const isView = (r: Record<string, unknown>) =>
    col(r, "viewer_id") !== undefined && col(r, "started_at") !== undefined;
  for await (const line of archivedLines(r2, "views")) {
    for (const v of rowsIn(line, isView)) views.add(String(col(v, "id")));
    for (const e of rowsIn(line, isEarning)) earnings.set(String(col(e, "id")), Number(col(e, "amount_micros")));
  }
  const viewsArchived = views.size;
  const earningsArchivedMicros = [...earnings.values()].reduce((a, b) => a + b, 0);
  let earningsInD1Micros = 0;
  for (const e of opened.sqlite
    .prepare("select id, amount_micros from earnings where view_id is not null and kind in ('viewer', 'creator')")
    .iterate() as Iterable<{ id: string; amount_micros: number }>) {
    if (!earnings.has(e.id)) earningsInD1Micros += e.amount_micros;
  }
  let viewsInD1 = 0;
  for (const v of opened.sqlite.prepare("select id from views").iterate() as Iterable<{ id: string }>)
    if (!views.has(v.id)) viewsInD1++;
  if (earningsArchivedMicros + earningsInD1Micros !== creditedMicros) {
    mismatches.push(
      `view rewards archived ${earningsArchivedMicros} + in D1 ${earningsInD1Micros} ≠ credited ${creditedMicros}`,
    );
  }
  if (viewsArchived + viewsInD1 !== totalViews)
    mismatches.push(`views archived ${viewsArchived} + in D1 ${viewsInD1} ≠ written ${totalViews}`);
  return {
    ok: mismatches.length === 0,
    members: members.length,
    walletsMicros,
    creditedMicros,
    reversalsMicros,
    paymentsMicros,
    earningsArchivedMicros,
    earningsInD1Micros,
    viewsArchived,
    viewsInD1,
    mismatches,
  };
}
