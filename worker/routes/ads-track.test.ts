import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { AdAnalyticsResponse } from "../../common/schemas/admin-analytics";
import type { ApiErrorBody } from "../../common/schemas/errors";
import { adEventDays } from "../db/schema";
import { testDb } from "../test/factories";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";

let ads = 0;
const uniqueAd = () => `test-ad-${Date.now().toString(36)}-${++ads}`;
let addresses = 0;
const uniqueIp = () => `198.51.100.${++addresses % 250}`;

// Beacons answered 200 to a GET, per ad: the traffic queue counts them a moment later (docs/decisions/079).
const accepted = new Map<string, number>();

async function beacon(query: string, init: RequestInit & { ip?: string } = {}) {
  const { ip = "203.0.113.50", ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("cf-connecting-ip", ip);
  const res = await new Browser().fetch(`/api/ads/track?${query}`, { ...rest, headers });
  const ad = new URLSearchParams(query).get("ad");
  if (ad && res.status === 200 && (rest.method ?? "GET") === "GET") accepted.set(ad, (accepted.get(ad) ?? 0) + 1);
  return res;
}

/** The ad's counters, once the queue has counted every beacon of it that was answered 200. */
async function countsOf(ad: string) {
  const read = async () => {
    const { results } = await env.DB.prepare(
      "select day, position, event, count from ad_event_days where ad_id = ? order by position, event",
    )
      .bind(ad)
      .all<{ day: string; position: string; event: string; count: number }>();
    return results;
  };
  await vi.waitFor(
    async () => {
      const counted = (await read()).reduce((n, r) => n + r.count, 0);
      if (counted < (accepted.get(ad) ?? 0)) throw new Error(`${counted} of ${accepted.get(ad)} beacons counted`);
    },
    { timeout: 20_000, interval: 100 },
  );
  return read();
}

const today = () => new Date().toISOString().slice(0, 10);

describe("GET /api/ads/track", () => {
  it("answers a beacon with a 1×1 GIF and counts it on one row per day, ad, position and event", async () => {
    const ad = uniqueAd();
    const res = await beacon(`event=impression&ad=${ad}&position=1&cb=12345678`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/gif");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const gif = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(gif.slice(0, 6))).toBe("GIF89a");
    for (let i = 0; i < 2; i++) expect((await beacon(`event=impression&ad=${ad}&position=1`)).status).toBe(200);
    for (const event of ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]) {
      expect((await beacon(`event=${event}&ad=${ad}&position=1`)).status, event).toBe(200);
    }
    expect(await countsOf(ad)).toEqual(
      ["complete", "firstQuartile", "impression", "midpoint", "start", "thirdQuartile"].map((event) => ({
        day: today(),
        position: "pre",
        event,
        count: event === "impression" ? 3 : 1,
      })),
    );
  });

  it("reads the break position from VAST's BREAKPOSITION or from words, unknown when absent", async () => {
    const ad = uniqueAd();
    for (const position of ["1", "pre", "3", "post", "-1"]) await beacon(`event=skip&ad=${ad}&position=${position}`);
    await beacon(`event=skip&ad=${ad}`);
    expect((await countsOf(ad)).map((r) => [r.position, r.count])).toEqual([
      ["post", 2],
      ["pre", 2],
      ["unknown", 2],
    ]);
  });

  it("answers HEAD like GET without counting", async () => {
    const ad = uniqueAd();
    const res = await beacon(`event=click&ad=${ad}`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/gif");
    expect(await countsOf(ad)).toEqual([]);
    expect((await beacon("event=click", { method: "HEAD" })).status).toBe(400);
  });

  it("refuses bad input with a 400 naming the field, and counts nothing", async () => {
    const ad = uniqueAd();
    const cases: [string, string][] = [
      [`ad=${ad}`, "event"],
      [`event=pause&ad=${ad}`, "event"],
      [`event=__proto__&ad=${ad}`, "event"],
      [`event=Impression&ad=${ad}`, "event"],
      ["event=impression", "ad"],
      ["event=impression&ad=", "ad"],
      ["event=impression&ad=%3Cscript%3E", "ad"],
      [`event=impression&ad=${"a".repeat(65)}`, "ad"],
      [`event=impression&ad=${ad}&position=2`, "position"],
      [`event=impression&ad=${ad}&position=[BREAKPOSITION]`, "position"],
      [`event=impression&ad=${ad}&position=constructor`, "position"],
    ];
    for (const [query, field] of cases) {
      const res = await beacon(query);
      expect(res.status, query).toBe(400);
      expect((await res.json<ApiErrorBody>()).error, query).toMatch(new RegExp(`^${field}: `));
    }
    expect(await countsOf(ad)).toEqual([]);
  });

  it("refuses a beacon the browser says another site sent", async () => {
    const ad = uniqueAd();
    const res = await beacon(`event=click&ad=${ad}`, { headers: { "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect(await countsOf(ad)).toEqual([]);
    expect((await beacon(`event=click&ad=${ad}`, { headers: { "sec-fetch-site": "same-origin" } })).status).toBe(200);
  });

  it("limits one address to 300 beacons a minute (429), others unaffected", async () => {
    const ad = uniqueAd();
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let burst = 0; burst < 7; burst++) {
      const replies = await Promise.all(Array.from({ length: 43 }, () => beacon(`event=midpoint&ad=${ad}`, { ip })));
      statuses.push(...replies.map((r) => r.status));
    }
    // 301 requests; a minute boundary in the middle would only let more through, never fewer.
    expect(statuses).toHaveLength(301);
    const accepted = statuses.filter((s) => s === 200).length;
    const counted = (await countsOf(ad))[0]!.count;
    expect(counted).toBe(accepted);
    if (accepted === 300) {
      expect(statuses.filter((s) => s === 429)).toHaveLength(1);
      const refused = await beacon(`event=midpoint&ad=${ad}`, { ip });
      expect([200, 429]).toContain(refused.status);
      if (refused.status === 429) expect((await refused.json<ApiErrorBody>()).code).toBe("rate_limited");
    }
    expect((await beacon(`event=midpoint&ad=${ad}`, { ip: uniqueIp() })).status).toBe(200);
  });
});

describe("GET /api/admin/analytics/ads", () => {
  it("is for admins only", async () => {
    expect((await new Browser().fetch("/api/admin/analytics/ads")).status).toBe(401);
    const member = await signedInBrowser(uniqueEmail("member"));
    expect((await member.fetch("/api/admin/analytics/ads")).status).toBe(403);
  });

  it("sums a range of days over ads: totals, rates over impressions, per break position, every day", async () => {
    const row = (day: string, adId: string, position: string, event: string, count: number) => ({
      day,
      adId,
      position,
      event,
      count,
    });
    await testDb()
      .insert(adEventDays)
      .values([
        row("2003-03-01", "a", "pre", "impression", 10),
        row("2003-03-01", "a", "pre", "start", 9),
        row("2003-03-01", "a", "pre", "complete", 6),
        row("2003-03-01", "a", "pre", "skip", 3),
        row("2003-03-01", "a", "pre", "click", 1),
        row("2003-03-01", "b", "post", "impression", 5),
        row("2003-03-01", "b", "post", "complete", 4),
        row("2003-03-03", "a", "pre", "impression", 5),
        row("2003-03-03", "a", "pre", "complete", 2),
        row("2003-03-03", "a", "unknown", "error", 2),
        // Outside the range.
        row("2003-02-28", "a", "pre", "impression", 100),
        row("2003-03-04", "a", "pre", "impression", 100),
      ]);
    const admin = await signedInBrowser("admin@example.com");
    const res = await admin.fetch("/api/admin/analytics/ads?startDate=2003-03-01&endDate=2003-03-03");
    expect(res.status).toBe(200);
    const figures = await res.json<AdAnalyticsResponse>();
    expect(figures.startDate).toBe("2003-03-01");
    expect(figures.endDate).toBe("2003-03-03");
    expect(figures.totals).toEqual({
      impressions: 20,
      starts: 9,
      first_quartiles: 0,
      midpoints: 0,
      third_quartiles: 0,
      completes: 12,
      skips: 3,
      clicks: 1,
      errors: 2,
      completion_rate: 0.6,
      skip_rate: 0.15,
      click_through_rate: 0.05,
    });
    expect(figures.byPosition.map((p) => [p.position, p.impressions, p.completes, p.completion_rate])).toEqual([
      ["pre", 15, 8, 8 / 15],
      ["post", 5, 4, 0.8],
      ["unknown", 0, 0, 0],
    ]);
    expect(figures.days.map((d) => [d.date, d.impressions, d.completes, d.errors])).toEqual([
      ["2003-03-01", 15, 10, 0],
      ["2003-03-02", 0, 0, 0],
      ["2003-03-03", 5, 2, 2],
    ]);
  });

  it("defaults to the last 30 days, today's beacons included", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const read = async () => (await admin.fetch("/api/admin/analytics/ads")).json<AdAnalyticsResponse>();
    const before = await read();
    expect(before.days).toHaveLength(30);
    expect(before.endDate).toBe(today());
    const ad = uniqueAd();
    const ip = uniqueIp();
    for (const event of ["impression", "start", "complete", "click"])
      await beacon(`event=${event}&ad=${ad}&position=3`, { ip });
    await countsOf(ad);
    const after = await read();
    expect(after.totals.impressions - before.totals.impressions).toBe(1);
    expect(after.totals.completes - before.totals.completes).toBe(1);
    expect(after.totals.clicks - before.totals.clicks).toBe(1);
    expect(after.days.at(-1)!.impressions - before.days.at(-1)!.impressions).toBe(1);
    expect(after.byPosition.find((p) => p.position === "post")!.impressions).toBeGreaterThanOrEqual(1);
  });

  it("refuses a bad range with a 400 naming the field", async () => {
    const admin = await signedInBrowser("admin@example.com");
    for (const [query, field] of [
      ["startDate=yesterday", "startDate"],
      ["startDate=2003-03-05&endDate=2003-03-01", "endDate"],
      ["endDate=2003-02-30", "endDate"],
      ["endDate=", "endDate"],
      ["startDate=2003-13-01", "startDate"],
    ]) {
      const res = await admin.fetch(`/api/admin/analytics/ads?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json<ApiErrorBody>()).error, query).toMatch(new RegExp(`^${field}: `));
    }
  });
});
