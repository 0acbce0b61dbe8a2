import { describe, expect, it } from "vitest";
import type { ContentStatsJson } from "../../common/schemas/studio";
import { makeContent } from "../test/factories";
import { Browser, signedInBrowser } from "../test/http";
import { member } from "../test/members";
import { suspend } from "../test/moderation";
import { expireNow, passTime, runEarningsCron, startView, watchPaced } from "../test/views";

// The creator studio (docs/decisions/048): GET /api/content/{id}/stats, read from the rows the view
// and reward facts keep in their own statements.

const statsOf = async (b: Awaited<ReturnType<typeof member>>["browser"], id: string, range = "7d") => {
  const res = await b.fetch(`/api/content/${id}/stats?range=${range}`);
  return { status: res.status, body: await res.json<ContentStatsJson & { error?: string }>() };
};

describe("GET /api/content/{id}/stats", () => {
  it("shows views, qualified views, earnings, average watched, sources, days and where viewers stopped", async () => {
    const creator = await member("creator");
    const item = await makeContent(creator.id, { durationMs: 10_000 });
    const full = await member("full");
    expect((await watchPaced(full.browser, full.id, item.id, 10_000)).qualified).toBe(true); // to the end
    const half = await member("half");
    await watchPaced(half.browser, half.id, item.id, 10_000, { untilFraction: 0.5 });
    await passTime(half.id, 5 * 60_000 + 1);
    await expireNow(half.id); // stops at 50 %: reaches D1 as ended
    await watchPaced(creator.browser, creator.id, item.id, 10_000); // the creator's own: not counted
    const searcher = await member("searcher");
    await startView(searcher.browser, item.id, "search");
    await passTime(searcher.id, 5 * 60_000 + 1);
    await expireNow(searcher.id); // started from search, never played
    await runEarningsCron();

    const { status, body } = await statsOf(creator.browser, item.id);
    expect(status).toBe(200);
    expect(body.views).toBe(3);
    expect(body.qualified_views).toBe(1);
    expect(body.earnings_usd).toBe(0.003);
    expect(body.avg_watched_percent).toBe(50); // (100 + 50 + 0) / 3
    expect(body.sources).toContainEqual({ method: "browse", views: 2 });
    expect(body.sources).toContainEqual({ method: "search", views: 1 });
    expect(body.days).toHaveLength(7);
    // (summed: the views started minutes ago, which may be yesterday just after midnight UTC)
    expect(body.days.reduce((n, d) => n + d.views, 0)).toBe(3);
    expect(body.days.reduce((n, d) => n + d.qualified_views, 0)).toBe(1);
    expect(body.retention_views).toBe(3);
    expect(body.retention[0]).toBe(1);
    expect(body.retention[1]).toBeCloseTo(2 / 3);
    expect(body.retention[50]).toBeCloseTo(2 / 3);
    expect(body.retention[51]).toBeCloseTo(1 / 3);
    expect(body.retention[100]).toBeCloseTo(1 / 3); // the finished view moved from 80 % to the end

    // A suspension reverses the paying viewer's held rewards: the creator's side comes off the item's earnings.
    await suspend(full.id);
    const after = await statsOf(creator.browser, item.id);
    expect(after.body.earnings_usd).toBe(0);
    expect(after.body.days.reduce((n, d) => n + d.earnings_usd, 0)).toBe(0);
    expect(after.body.views).toBe(3); // the view itself stays a fact
  });

  it("answers 404 to anyone but the creator and admins, 400 for a bad range, 401 signed out", async () => {
    const creator = await member("creator");
    const item = await makeContent(creator.id, { durationMs: 10_000 });
    const other = await member("other");
    expect((await statsOf(other.browser, item.id)).status).toBe(404);
    expect((await statsOf(creator.browser, "01JZZZZZZZZZZZZZZZZZZZZZZZ")).status).toBe(404);
    const admin = await signedInBrowser("admin@example.com");
    const asAdmin = await statsOf(admin, item.id, "90d");
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.days).toHaveLength(90);
    expect(asAdmin.body.retention).toEqual(new Array(101).fill(0));
    const bad = await statsOf(creator.browser, item.id, "1y");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("range");
    const anonymous = await new Browser().fetch(`/api/content/${item.id}/stats`);
    expect(anonymous.status).toBe(401);
  });
});
