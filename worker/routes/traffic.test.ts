import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TrafficDashboard } from "../../common/schemas/traffic";
import { makeContent } from "../test/factories";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { startOfAWindow, WINDOW_TEST_TIMEOUT_MS } from "../test/rate-window";
import { AcceptedVisits, storedVisits } from "../test/traffic-queue";

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
let sessions = 0;
const sessionId = () => `test-session-${Date.now().toString(36)}-${++sessions}`;

// The visits the tracker accepted: the traffic queue stores them a moment later (docs/decisions/079).
const accepted = new AcceptedVisits();
const delivered = () => accepted.delivered();

async function visit(b: Browser, v: Record<string, unknown>, ip = "203.0.113.7") {
  const res = await b.json(
    "/api/analytics/track",
    "POST",
    {
      user_id: null,
      referrer: null,
      visit_duration: 0,
      page_views: 1,
      device_type: "desktop",
      browser: "chrome",
      user_agent: "test",
      ...v,
    },
    { "cf-connecting-ip": ip },
  );
  return accepted.note(String(v.session_id), res);
}

describe("traffic analytics", () => {
  it("turns a known set of visits into known totals for the creator's own pages", async () => {
    const creator = await signedInBrowser(uniqueEmail("creator"));
    const creatorId = await idOf(creator);
    const item = await makeContent(creatorId);
    const [creatorPage, contentPage] = [`/creator/${creatorId}`, `/content/${item.id}`];
    const anon = new Browser();
    const s1 = sessionId();
    const utm = { utm_source: "newsletter", utm_medium: "email", utm_campaign: "launch" };
    for (const [page_path, visit_duration, page_views] of [
      [creatorPage, 0, 1],
      [contentPage, 30, 2],
      [contentPage, 95, 3],
    ] as const) {
      expect((await visit(anon, { session_id: s1, page_path, visit_duration, page_views, ...utm })).status).toBe(204);
    }
    await visit(anon, {
      session_id: sessionId(),
      page_path: contentPage,
      visit_duration: 5,
      device_type: "mobile",
      referrer: "https://www.news.example.com/post",
    });
    await visit(anon, { session_id: sessionId(), page_path: creatorPage, device_type: "tablet" });
    // A visitor from a campaign who signs up during the session: a conversion.
    const s4 = sessionId();
    const newcomer = new Browser();
    await visit(newcomer, { session_id: s4, page_path: contentPage, utm_source: "twitter", utm_campaign: "launch" });
    const signedUp = await signedInBrowser(uniqueEmail("newcomer"));
    await visit(signedUp, {
      session_id: s4,
      page_path: creatorPage,
      visit_duration: 40,
      page_views: 2,
      utm_source: "twitter",
      utm_campaign: "launch",
    });
    // Someone else's page does not count for this creator.
    await visit(anon, { session_id: sessionId(), page_path: "/", visit_duration: 500 });
    await delivered();

    const d = await (await creator.fetch("/api/analytics/dashboard?range=7d")).json<TrafficDashboard>();
    expect(d.overview).toMatchObject({ totalVisitors: 4, pageViews: 7, bounceRate: 0.5, avgSessionDuration: 35 });
    expect(d.overview.topPages.map(({ page, views }) => ({ page, views }))).toEqual([
      { page: contentPage, views: 4 },
      { page: creatorPage, views: 3 },
    ]);
    expect(d.overview.topSources).toEqual(
      expect.arrayContaining([
        { source: "Direct", visitors: 1, percentage: 0.25 },
        { source: "news.example.com", visitors: 1, percentage: 0.25 },
        { source: "newsletter", visitors: 1, percentage: 0.25 },
        { source: "twitter", visitors: 1, percentage: 0.25 },
      ]),
    );
    expect(d.devices).toEqual([
      { type: "desktop", visitors: 2, percentage: 0.5 },
      expect.objectContaining({ visitors: 1, percentage: 0.25 }),
      expect.objectContaining({ visitors: 1, percentage: 0.25 }),
    ]);
    expect(d.campaigns).toEqual([{ campaign: "launch", visitors: 2, conversions: 1 }]);
    expect(d.timeline.reduce((n, t) => n + t.pageViews, 0)).toBe(7);

    const admin = await signedInBrowser("admin@example.com");
    // The site-wide dashboard reads the rollups kept at ingest; they agree with the visits.
    const site = await (await admin.fetch("/api/admin/analytics/dashboard?range=1d")).json<TrafficDashboard>();
    expect(site.overview.totalVisitors).toBeGreaterThanOrEqual(5);
    expect(site.overview.topPages.find((p) => p.page === contentPage)?.views).toBe(4);
    const launch = site.campaigns.find((c) => c.campaign === "launch");
    expect(launch?.visitors).toBeGreaterThanOrEqual(2);
    expect(launch?.conversions).toBeGreaterThanOrEqual(1);
    const rows = await env.DB.prepare(
      "select page_views, max_duration, converted, tagged from traffic_sessions where scope = '' and session_id = ?",
    )
      .bind(s4)
      .first();
    expect(rows).toEqual({ page_views: 2, max_duration: 40, converted: 1, tagged: 1 });
    const first = await env.DB.prepare(
      "select page_views, max_duration, converted from traffic_sessions where scope = '' and session_id = ?",
    )
      .bind(s1)
      .first();
    expect(first).toEqual({ page_views: 3, max_duration: 95, converted: 0 });
  });

  it("answers zeros, not NaN, with no visitors", async () => {
    const lonely = await signedInBrowser(uniqueEmail("lonely"));
    const d = await (await lonely.fetch("/api/analytics/dashboard")).json<TrafficDashboard>();
    expect(d.overview).toEqual({
      totalVisitors: 0,
      pageViews: 0,
      avgSessionDuration: 0,
      bounceRate: 0,
      topPages: [],
      topSources: [],
    });
    expect(d.campaigns).toEqual([]);
  });

  it(
    "refuses malformed, oversized and cross-site visits, and floods from one address",
    async () => {
      const anon = new Browser();
      for (const bad of [
        { session_id: "x", page_path: "/" },
        { session_id: sessionId(), page_path: "no-slash" },
        { session_id: sessionId(), page_path: "/", device_type: "phone" },
      ]) {
        expect((await visit(anon, bad)).status, JSON.stringify(bad)).toBe(400);
      }
      expect(
        (await visit(anon, { session_id: sessionId(), page_path: "/", user_agent: "x".repeat(9000) })).status,
      ).toBe(413);
      const cross = await anon.json(
        "/api/analytics/track",
        "POST",
        { session_id: sessionId(), page_path: "/" },
        { origin: "https://evil.example" },
      );
      expect(cross.status).toBe(403);
      const ip = `198.18.0.${Math.floor(Math.random() * 250)}`;
      const session_id = sessionId();
      const statuses: number[] = [];
      await startOfAWindow();
      for (let i = 0; i < 125; i++) statuses.push((await visit(anon, { session_id, page_path: "/" }, ip)).status);
      expect(statuses.filter((s) => s === 204)).toHaveLength(120);
      expect(statuses.at(-1)).toBe(429);
    },
    WINDOW_TEST_TIMEOUT_MS,
  );

  // Security read (docs/decisions/017): the admin's Top Pages once linked `//evil.example/x` off-site.
  it("keeps only same-site page paths, refusing the rest with a 400 naming page_path", async () => {
    const anon = new Browser();
    const offSite = [
      "//evil.example/x",
      "///evil.example",
      "/\\evil.example",
      "\\/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "/\tx",
      "/x\ny",
      "/ x",
      "/" + "a".repeat(512),
    ];
    for (const page_path of offSite) {
      const res = await visit(anon, { session_id: sessionId(), page_path }, "192.0.2.10");
      expect(res.status, page_path).toBe(400);
      expect((await res.json<{ error: string }>()).error, page_path).toMatch(/^page_path: /);
    }
    for (const page_path of [
      "/",
      "/content/01JBD3M000000000000000AVA0",
      "/creator/x?tab=audio#top",
      "/search?q=a%20b",
    ]) {
      expect((await visit(anon, { session_id: sessionId(), page_path }, "192.0.2.10")).status, page_path).toBe(204);
    }
    const stored = (await storedVisits()).filter((v) => /^\/\/|evil/.test(String(v.page_path)));
    expect(stored).toEqual([]);
  });

  it("validates the range and keeps the config public", async () => {
    const b = await signedInBrowser(uniqueEmail());
    expect((await b.fetch("/api/analytics/dashboard?range=2w")).status).toBe(400);
    expect(await (await new Browser().fetch("/api/analytics/config")).json()).toEqual({
      facebook_pixel_id: "",
      ga4_id: "",
    });
  });
});
