import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TrafficDashboard } from "../../common/schemas/traffic";
import { rollPageTotals } from "../domain/traffic/page-totals";
import { dayOf } from "../lib/days";
import { TRAFFIC_RANGES, type TrafficRange } from "../../common/traffic-ranges";
import { displayName } from "../domain/username";
import { AcceptedVisits, storedVisits } from "../test/traffic-queue";
import { makeContent } from "../test/factories";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";

// The rollup-based dashboards (docs/decisions/020) against the same figures computed straight from the stored
// visits: random sessions over 100 days go through the real tracker, with the clock faked to each visit's time
// and the cron rolling the page totals as days pass.

const DAY = 24 * 3600 * 1000;
const NOW = Date.UTC(2031, 2, 14, 9, 30);

/** mulberry32: a seeded generator, so a failure replays. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Visit = {
  session_id: string;
  user_id: string | null;
  page_path: string;
  visit_duration: number;
  device_type: string;
  source: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  created_at: string;
};
type Session = {
  first: Visit;
  views: number;
  dur: number;
  campaign: string | null;
  tagged: boolean;
  converted: boolean;
};

const ratio = (part: number, whole: number) => (whole ? part / whole : 0);
const byVisitors =
  <T extends { visitors: number }>(name: (x: T) => string) =>
  (a: T, b: T) =>
    b.visitors - a.visitors || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);
function tally<T>(items: T[], key: (x: T) => string, add: (x: T) => [number, number] = () => [1, 0]) {
  const out = new Map<string, [number, number]>();
  for (const x of items) {
    const [a, b] = out.get(key(x)) ?? [0, 0];
    const [da, db] = add(x);
    out.set(key(x), [a + da, b + db]);
  }
  return [...out];
}

/** The dashboard as docs/architecture.md §4 defines it, from the visits themselves (in time order). */
function expected(
  visits: Visit[],
  userCreated: Map<string, string>,
  titleOf: (page: string) => string | undefined,
  range: TrafficRange,
): TrafficDashboard {
  // Whole UTC days (decision 054): from 00:00 of the day that holds now − N × 24 h.
  const since = `${dayOf(NOW - TRAFFIC_RANGES[range] * DAY)}T00:00:00.000Z`;
  const sessions = new Map<string, Session>();
  for (const v of visits) {
    const s = sessions.get(v.session_id) ?? {
      first: v,
      views: 0,
      dur: 0,
      campaign: null,
      tagged: false,
      converted: false,
    };
    s.views++;
    s.dur = Math.max(s.dur, v.visit_duration);
    s.campaign ??= v.utm_campaign;
    s.tagged ||= [v.utm_source, v.utm_medium, v.utm_campaign, v.utm_term, v.utm_content].some((x) => x !== null);
    s.converted ||= v.user_id !== null && userCreated.get(v.user_id)! >= s.first.created_at;
    sessions.set(v.session_id, s);
  }
  const inRange = [...sessions.values()].filter((s) => s.first.created_at >= since);
  const n = inRange.length;
  const pages = tally(
    visits.filter((v) => v.created_at.slice(0, 10) >= since.slice(0, 10)),
    (v) => v.page_path,
  )
    .map(([page, [views]]) => ({ page, views }))
    .sort((a, b) => b.views - a.views || (a.page < b.page ? -1 : 1))
    .slice(0, 10);
  return {
    since,
    overview: {
      totalVisitors: n,
      pageViews: inRange.reduce((t, s) => t + s.views, 0),
      avgSessionDuration: Math.round(
        ratio(
          inRange.reduce((t, s) => t + s.dur, 0),
          n,
        ),
      ),
      bounceRate: ratio(inRange.filter((s) => s.views === 1).length, n),
      topPages: pages.map((p) => (titleOf(p.page) === undefined ? p : { ...p, title: titleOf(p.page)! })),
      topSources: tally(inRange, (s) => s.first.source)
        .map(([source, [visitors]]) => ({ source, visitors, percentage: ratio(visitors, n) }))
        .sort(byVisitors((s) => s.source))
        .slice(0, 10),
    },
    timeline: tally(
      inRange,
      (s) => s.first.created_at.slice(0, 10),
      (s) => [1, s.views],
    )
      .map(([date, [visitors, pageViews]]) => ({ date, visitors, pageViews }))
      .sort((a, b) => (a.date < b.date ? -1 : 1)),
    devices: tally(inRange, (s) => s.first.device_type)
      .map(([type, [visitors]]) => ({ type, visitors, percentage: ratio(visitors, n) }))
      .sort(byVisitors((d) => d.type)),
    campaigns: tally(
      inRange.filter((s) => s.tagged),
      (s) => s.campaign ?? "Unknown",
      (s) => [1, s.converted ? 1 : 0],
    )
      .map(([campaign, [visitors, conversions]]) => ({ campaign, visitors, conversions }))
      .sort(byVisitors((c) => c.campaign))
      .slice(0, 20),
  };
}

const PATHS = ["/", "/wallet", "/profile"];
const REFERRERS = [null, "https://www.google.com/", "https://news.example.com/a", "https://t.co/x"];
const CAMPAIGNS = [null, "launch", "spring"];

afterEach(() => {
  vi.useRealTimers();
});

describe("traffic dashboards from the rollups", () => {
  it("equal the figures computed from the raw visits, site and creators, every range, with and without the cron's totals", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const rand = prng(20);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

    let clock = NOW - 100 * DAY;
    vi.setSystemTime(clock);
    const creatorEmails = [uniqueEmail("roll-a"), uniqueEmail("roll-b")];
    const creatorIds = await Promise.all(
      creatorEmails.map(
        async (e) => (await (await (await signedInBrowser(e)).fetch("/api/users/me")).json<{ id: string }>()).id,
      ),
    );
    const items = [
      await makeContent(creatorIds[0]!),
      await makeContent(creatorIds[0]!),
      await makeContent(creatorIds[1]!),
    ];
    const creatorPaths = [
      ...creatorIds.map((id) => `/creator/${id}`),
      ...items.map((c) => `/content/${c.id}`),
      `/content/${items[0]!.id}?t=3`, // not exactly the content's path: the site's, no creator's
      "/content/01ZZZZZZZZZZZZZZZZZZZZZZZZ", // no such content
    ];

    let cronDay = dayOf(clock);
    const accepted = new AcceptedVisits();
    const SESSIONS = 320;
    for (let i = 0; i < SESSIONS; i++) {
      // Spread over the 100 days, a little more often towards the end, each session's visits in time order.
      clock = Math.max(clock, NOW - 100 * DAY + Math.floor(((i + rand()) / SESSIONS) ** 0.6 * 100 * DAY));
      if (clock > NOW - 60_000) break;
      const ip = `198.51.100.${i % 250}`;
      const session = `rollup-${NOW}-${i}`;
      const tagged = rand() < 0.4;
      // Some sessions get their campaign (or their tagging) only on a later visit.
      const lateTag = tagged && rand() < 0.3;
      const campaign = pick(CAMPAIGNS);
      const referrer = tagged ? null : pick(REFERRERS);
      let browser = new Browser();
      const pages = 1 + Math.floor(rand() * rand() * 5);
      for (let p = 0; p < pages; p++) {
        // Some sessions run for hours, past midnight.
        if (p > 0) clock += rand() < 0.15 ? Math.floor(rand() * 10 * 3600_000) : 1000 + Math.floor(rand() * 300_000);
        if (clock > NOW - 60_000) break;
        vi.setSystemTime(clock);
        if (dayOf(clock) !== cronDay) {
          // The cron, as days pass (it runs every minute in production; its totals only move once a day).
          cronDay = dayOf(clock);
          // The days before are stored (the queue's consumer) before the cron rolls them, as in production.
          await accepted.delivered();
          await rollPageTotals({ ctx: { env }, input: { nowMs: clock } });
        }
        // A campaign visitor who signs up mid-session: a conversion from then on.
        if (tagged && p === 1 && rand() < 0.5) browser = await signedInBrowser(uniqueEmail("roll-new"));
        const withUtm = tagged && !(lateTag && p === 0);
        const res = await browser.json(
          "/api/analytics/track",
          "POST",
          {
            session_id: session,
            user_id: null,
            page_path: rand() < 0.75 ? pick(creatorPaths) : pick(PATHS),
            referrer,
            visit_duration: Math.floor(rand() * 600),
            page_views: p + 1,
            device_type: pick(["desktop", "mobile", "tablet"]),
            browser: "chrome",
            user_agent: "test",
            utm_source: withUtm ? pick(["newsletter", "twitter"]) : null,
            utm_medium: null,
            utm_campaign: withUtm && (p > 0 || !lateTag) ? campaign : null,
            utm_term: null,
            utm_content: withUtm && rand() < 0.2 ? "c" : null,
          },
          { "cf-connecting-ip": ip },
        );
        expect(accepted.note(session, res).status).toBe(204);
      }
    }
    await accepted.delivered();
    vi.setSystemTime(NOW);

    // The raw visits as stored (R2 objects since decision 085), in (created_at, id) order.
    const visits = (await storedVisits()) as unknown as Visit[];
    const { results: users } = await env.DB.prepare(`select id, username, created_at from users`).all<{
      id: string;
      username: string | null;
      created_at: string;
    }>();
    const { results: content } = await env.DB.prepare(`select id, title, created_by from content`).all<{
      id: string;
      title: string;
      created_by: string;
    }>();
    const userCreated = new Map(users.map((u) => [u.id, u.created_at]));
    const titles = new Map<string, string>([
      ...content.map((c) => [`/content/${c.id}`, c.title] as const),
      ...users.map((u) => [`/creator/${u.id}`, displayName(u)] as const),
    ]);
    // What a top page's path names: /content/{id} or /creator/{id}, then nothing, ?, # or /.
    const titleOf = (page: string) => titles.get(/^\/(content|creator)\/[^/?#]{26}(?=$|[?#/])/.exec(page)?.[0] ?? "");
    const ownerOf = (path: string) =>
      path.startsWith("/creator/") ? path.slice(9) : content.find((c) => `/content/${c.id}` === path)?.created_by;
    // The data covers what the rollups must get right: the clock really moved, sessions that cross midnight,
    // campaigns that come on a later visit, conversions, creators' and others' pages.
    const sessionsOf = new Map<string, Visit[]>();
    for (const v of visits) sessionsOf.set(v.session_id, [...(sessionsOf.get(v.session_id) ?? []), v]);
    expect(visits.length, "visits").toBeGreaterThan(400);
    expect(new Set(visits.map((v) => v.created_at.slice(0, 10))).size, "days").toBeGreaterThan(70);
    expect(
      [...sessionsOf.values()].filter((vs) => vs[0]!.created_at.slice(0, 10) !== vs.at(-1)!.created_at.slice(0, 10))
        .length,
      "past midnight",
    ).toBeGreaterThan(3);
    expect(
      [...sessionsOf.values()].filter((vs) => vs[0]!.utm_campaign === null && vs.some((v) => v.utm_campaign !== null))
        .length,
      "late campaigns",
    ).toBeGreaterThan(3);
    expect(visits.filter((v) => v.created_at >= new Date(NOW - DAY).toISOString()).length, "last day").toBeGreaterThan(
      3,
    );

    // Signed in now: a session from 100 days ago has expired.
    const admin = await signedInBrowser("admin@example.com");
    const creators = await Promise.all(creatorEmails.map((e) => signedInBrowser(e)));
    const compare = async (when: string) => {
      for (const range of Object.keys(TRAFFIC_RANGES) as TrafficRange[]) {
        const site = await (
          await admin.fetch(`/api/admin/analytics/dashboard?range=${range}`)
        ).json<TrafficDashboard>();
        expect(site, `site, ${range}, ${when}`).toEqual(expected(visits, userCreated, titleOf, range));
        for (const [i, id] of creatorIds.entries()) {
          const own = await (
            await creators[i]!.fetch(`/api/analytics/dashboard?range=${range}`)
          ).json<TrafficDashboard>();
          const theirs = visits.filter((v) => ownerOf(v.page_path) === id);
          expect(own, `creator ${i}, ${range}, ${when}`).toEqual(expected(theirs, userCreated, titleOf, range));
        }
      }
    };
    await compare("totals rolled by the cron up to the last visit's day");
    const site90 = expected(visits, userCreated, titleOf, "90d");
    expect(
      site90.campaigns.reduce((n, c) => n + c.conversions, 0),
      "conversions",
    ).toBeGreaterThan(2);
    for (const id of creatorIds)
      expect(
        expected(
          visits.filter((v) => ownerOf(v.page_path) === id),
          userCreated,
          titleOf,
          "7d",
        ).overview.totalVisitors,
        "creator, 7d",
      ).toBeGreaterThan(2);
    await rollPageTotals({ ctx: { env }, input: { nowMs: NOW - DAY } });
    await compare("totals up to the day before yesterday");
    await rollPageTotals({ ctx: { env }, input: { nowMs: NOW } });
    expect(
      await env.DB.prepare(`select as_of from traffic_page_totals_state where range_days = 90`).first("as_of"),
    ).toBe(dayOf(NOW - DAY));
    await compare("totals up to yesterday");
    const rolled = await env.DB.prepare(
      `select * from traffic_page_totals order by range_days, scope, page_path`,
    ).all();
    await env.DB.prepare(`delete from traffic_page_totals_state`).run();
    await compare("no totals (the cron never ran)");
    // Totals kept a day at a time equal totals built in one go.
    await env.DB.prepare(`delete from traffic_page_totals`).run();
    await rollPageTotals({ ctx: { env }, input: { nowMs: NOW } });
    expect(
      (await env.DB.prepare(`select * from traffic_page_totals order by range_days, scope, page_path`).all()).results,
    ).toEqual(rolled.results);
    expect(rolled.results.length).toBeGreaterThan(0);
  }, 600_000);
});
