import { expect, it } from "vitest";
import type { AdminAnalyticsResponse } from "../../../common/schemas/admin-analytics";
import { makeContent } from "../../test/factories";
import { signedInBrowser, uniqueEmail, type Browser } from "../../test/http";
import { passTime, runEarningsCron, sendProgress, startView, streamMedia } from "../../test/views";

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;

it("reports popular content, active viewers, top earners and how content was found", async () => {
  const creator = await signedInBrowser(uniqueEmail("star"));
  const hit = await makeContent(await idOf(creator), { title: "Chart topper", durationMs: 10_000 });
  const viewers = await Promise.all(Array.from({ length: 12 }, () => signedInBrowser(uniqueEmail("fan"))));
  for (const [i, viewer] of viewers.entries()) {
    const view = await startView(viewer, hit.id, i % 2 ? "search" : "ai_recommended");
    await streamMedia(viewer, hit.id);
    for (const second of [2.5, 5, 7.5, 9.5]) {
      await passTime(await idOf(viewer), 2500);
      await sendProgress(viewer, hit.id, second, view, second === 9.5 ? "complete" : "progress");
    }
  }
  const admin = await signedInBrowser("admin@example.com");
  await runEarningsCron();
  const a = await (await admin.fetch("/api/admin/analytics")).json<AdminAnalyticsResponse>();
  expect(a.topContent[0]).toMatchObject({ id: hit.id, title: "Chart topper", type: "video" });
  expect(a.topContent[0]!.view_count).toBeGreaterThanOrEqual(12);
  expect(a.topContent[0]!.total_watch_time).toBeGreaterThanOrEqual(12 * 9);
  expect(a.topEarners.some((e) => e.email.startsWith("star") && e.total_earnings >= 0.036)).toBe(true);
  const methods = a.discoveryStats.map((d) => d.discovery_method);
  expect(methods).toEqual(expect.arrayContaining(["search", "ai_recommended"]));
  const total = a.discoveryStats.reduce((s, d) => s + d.percentage, 0);
  expect(total).toBeGreaterThan(99.5);
  expect(total).toBeLessThan(100.5);
  expect(a.topUsers[0]!.total_watch_time).toBeGreaterThan(0);
});
