import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TrafficDashboard } from "../../common/schemas/traffic";
import { VISITS_WINDOW_MIN_DAYS } from "../../common/data-lifecycle";
import { TRAFFIC_RANGES, type TrafficRange } from "../../common/traffic-ranges";
import { runDataLifecycle } from "../domain/archive/run-lifecycle";
import { rollPageTotals } from "../domain/traffic/page-totals";
import { addDays, dayOf } from "../lib/days";
import { archivedLines, archiveDaysOf } from "../test/archive";
import { AcceptedVisits, storedVisits } from "../test/traffic-queue";
import { makeContent } from "../test/factories";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";

// Archiving old visits changes no dashboard figure (docs/decisions/051, 054): traffic over 150 days goes through
// the real tracker with the clock faked, then every session and visit older than the shortest window allowed
// (2 days) and every page-day total older than 91 days leaves D1, and every range of the site's and a creator's
// dashboard reads the same as before.

const DAY = 86_400_000;
const NOW = Date.UTC(2031, 6, 2, 10, 15);

afterEach(() => {
  vi.useRealTimers();
});

describe("traffic dashboards after the visits archive", () => {
  it("are identical for every range, site and creator", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let seed = 7;
    const rand = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    let clock = NOW - 150 * DAY;
    vi.setSystemTime(clock);
    const creatorEmail = uniqueEmail("arch-creator");
    const creatorId = (
      await (await (await signedInBrowser(creatorEmail)).fetch("/api/users/me")).json<{ id: string }>()
    ).id;
    const item = await makeContent(creatorId);
    const paths = ["/", "/wallet", `/creator/${creatorId}`, `/content/${item.id}`];
    const accepted = new AcceptedVisits();
    let cronDay = dayOf(clock);
    const SESSIONS = 240;
    for (let i = 0; i < SESSIONS; i++) {
      clock = Math.max(clock, NOW - 150 * DAY + Math.floor(((i + rand()) / SESSIONS) * 150 * DAY));
      const browser = new Browser();
      const pages = 1 + Math.floor(rand() * 3);
      for (let p = 0; p < pages; p++) {
        // Some sessions run past midnight, so a day's sessions and its visits are not the same day's.
        if (p > 0) clock += rand() < 0.2 ? Math.floor(rand() * 8 * 3600_000) : 60_000;
        if (clock > NOW - 60_000) break;
        vi.setSystemTime(clock);
        if (dayOf(clock) !== cronDay) {
          cronDay = dayOf(clock);
          await accepted.delivered();
          await rollPageTotals({ ctx: { env }, input: { nowMs: clock } });
        }
        const utm = rand() < 0.3;
        const res = await browser.json(
          "/api/analytics/track",
          "POST",
          {
            session_id: `archived-${i}`,
            user_id: null,
            page_path: paths[Math.floor(rand() * paths.length)],
            referrer: utm ? null : "https://t.co/x",
            visit_duration: Math.floor(rand() * 300),
            page_views: p + 1,
            device_type: rand() < 0.5 ? "mobile" : "desktop",
            browser: "chrome",
            user_agent: "test",
            utm_source: utm ? "newsletter" : null,
            utm_medium: null,
            utm_campaign: utm ? "spring" : null,
            utm_term: null,
            utm_content: null,
          },
          { "cf-connecting-ip": `203.0.113.${i % 200}` },
        );
        expect(accepted.note(`archived-${i}`, res).status).toBe(204);
      }
    }
    await accepted.delivered();
    vi.setSystemTime(NOW);
    await rollPageTotals({ ctx: { env }, input: { nowMs: NOW } });

    const admin = await signedInBrowser("admin@example.com");
    const creator = await signedInBrowser(creatorEmail);
    const dashboards = async () => {
      const out: Record<string, TrafficDashboard> = {};
      for (const range of Object.keys(TRAFFIC_RANGES) as TrafficRange[]) {
        out[`site ${range}`] = await (
          await admin.fetch(`/api/admin/analytics/dashboard?range=${range}`)
        ).json<TrafficDashboard>();
        out[`creator ${range}`] = await (
          await creator.fetch(`/api/analytics/dashboard?range=${range}`)
        ).json<TrafficDashboard>();
      }
      return out;
    };
    const before = await dashboards();
    // The figures are not empty: the comparison below means something for each range and both scopes.
    for (const [name, d] of Object.entries(before)) expect(d.overview.totalVisitors, name).toBeGreaterThan(0);
    const visitsBefore = (await storedVisits()).length;

    await env.DB.prepare(`insert into settings (key, value, updated_at) values ('archive_visits_after_days', ?, '')`)
      .bind(String(VISITS_WINDOW_MIN_DAYS))
      .run();
    const archiveAll = async (nowMs: number) => {
      for (let run = 0; run < 80; run++) {
        const r = await runDataLifecycle({
          ctx: { env },
          input: { nowMs, budget: { rowsPerPart: 50, partsPerRun: 20, timeMs: 60_000 } },
        });
        for (const d of r.datasets) expect(d.error, d.dataset).toBeNull();
        if (r.datasets.every((d) => d.stopped === "no day is due")) return;
      }
      throw new Error("the lifecycle did not finish");
    };
    await archiveAll(NOW);
    // Sessions and visits older than the shortest visits window (VISITS_WINDOW_MIN_DAYS) left D1; page-day totals only after 91
    // days and once the totals rolled past them (decision 054).
    const visitsDays = await archiveDaysOf("visits");
    const pageDays = await archiveDaysOf("page-days");
    expect(visitsDays.length).toBeGreaterThan(100);
    expect(visitsDays[0]!.day).toBe(addDays(dayOf(NOW), -(VISITS_WINDOW_MIN_DAYS + 1)));
    expect(pageDays.length).toBeGreaterThan(40);
    expect(pageDays[0]!.day).toBe(addDays(dayOf(NOW), -92));
    const since = `${addDays(dayOf(NOW), -VISITS_WINDOW_MIN_DAYS)}T`;
    expect((await storedVisits()).filter((v) => String(v.created_at) < since)).toEqual([]);
    // The archived days' raw visits objects went with their days (decision 085).
    expect(
      (await env.ARCHIVE.list({ prefix: "visits-batches/" })).objects.filter(
        (o) => o.key.slice(15, 25) < since.slice(0, 10),
      ),
    ).toEqual([]);
    expect(
      await env.DB.prepare(`select count(*) as n from traffic_sessions where first_at < ?`).bind(since).first("n"),
    ).toBe(0);
    expect(await env.DB.prepare(`select min(day) as d from traffic_page_days`).first("d")).toBe(
      addDays(dayOf(NOW), -91),
    );
    // The day's source, device and campaign counts left with its page-day totals (decision 056), into its file.
    expect(await env.DB.prepare(`select min(day) as d from traffic_day_counts`).first("d")).toBe(
      addDays(dayOf(NOW), -91),
    );
    const oldest = (await archivedLines("page-days", pageDays[0]!.day))! as { table: string }[];
    expect(new Set(oldest.map((l) => l.table))).toEqual(new Set(["traffic_day_counts", "traffic_page_days"]));
    expect((await storedVisits()).length).toBeLessThan(visitsBefore * 0.1);

    expect(await dashboards()).toEqual(before);

    // A visit whose session id was archived counts as a new session today; the day it began keeps its figures.
    expect(
      await env.DB.prepare(`select count(*) as n from traffic_sessions where session_id = 'archived-0'`).first("n"),
    ).toBe(0);
    const oldDay = before["site 90d"]!.timeline.find(
      (t) => t.date < addDays(dayOf(NOW), -(VISITS_WINDOW_MIN_DAYS + 1)),
    )!;
    const track = async (session: string) => {
      const res = await new Browser().json(
        "/api/analytics/track",
        "POST",
        {
          session_id: session,
          user_id: null,
          page_path: `/creator/${creatorId}`,
          referrer: null,
          visit_duration: 30,
          page_views: 2,
          device_type: "desktop",
          browser: "chrome",
          user_agent: "test",
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
          utm_term: null,
          utm_content: null,
        },
        { "cf-connecting-ip": "203.0.113.250" },
      );
      // Only this visit: the archived days' visits have left D1 and their R2 objects.
      const one = new AcceptedVisits();
      one.note(session, res);
      await one.delivered();
      return res;
    };
    expect((await track("archived-0")).status).toBe(204);
    const after = await dashboards();
    for (const scope of ["site", "creator"]) {
      const was = before[`${scope} 1d`]!;
      const now = after[`${scope} 1d`]!;
      expect(now.overview.totalVisitors, scope).toBe(was.overview.totalVisitors + 1);
      expect(now.overview.pageViews, scope).toBe(was.overview.pageViews + 1);
    }
    expect(after["site 90d"]!.timeline.find((t) => t.date === oldDay.date)).toEqual(oldDay);
    // A session still in D1 is extended, not counted again.
    const live = (await env.DB.prepare(
      `select session_id from traffic_sessions where scope = '' order by first_at desc limit 1`,
    ).first<string>("session_id"))!;
    expect((await track(live)).status).toBe(204);
    expect((await dashboards())["site 1d"]!.overview.totalVisitors).toBe(after["site 1d"]!.overview.totalVisitors);

    // And on the following days, as the cron rolls the totals on and the job archives each day as it comes due,
    // the dashboards still answer for every range.
    for (let d = 1; d <= 3; d++) {
      vi.setSystemTime(NOW + d * DAY);
      await rollPageTotals({ ctx: { env }, input: { nowMs: NOW + d * DAY } });
      await archiveAll(NOW + d * DAY);
      for (const range of Object.keys(TRAFFIC_RANGES))
        expect((await admin.fetch(`/api/admin/analytics/dashboard?range=${range}`)).status).toBe(200);
    }
    expect((await archiveDaysOf("visits"))[0]!.day).toBe(addDays(dayOf(NOW), 0));
  }, 600_000);
});
