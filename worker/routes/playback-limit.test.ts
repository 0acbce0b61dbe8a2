import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HOUR_WINDOW_MS, windowStart } from "../lib/rate-window";
import { PLAYBACK_STARTS_PER_HOUR, PLAYBACK_STARTS_PER_MINUTE } from "../middleware/rate-limit";
import { makeContent, makeUser } from "../test/factories";
import { type Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { notAtTheEndOfAnHour, startOfAWindow, WINDOW_TEST_TIMEOUT_MS } from "../test/rate-window";
import { startView } from "../test/views";

// docs/decisions/030: playback starts were not rate limited (300 in 6 s left 280 view rows). Now per member:
// PLAYBACK_STARTS_PER_MINUTE a minute and PLAYBACK_STARTS_PER_HOUR an hour (docs/decisions/030).

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const startBody = (contentId: string) => ({
  content_id: contentId,
  event_type: "start",
  second_mark: 0,
  discovery_method: "browse",
  device_fingerprint: "burst",
});

describe("playback starts per member", () => {
  it(
    "300 starts in a burst: PLAYBACK_STARTS_PER_MINUTE are taken, the rest get 429 with a clear error",
    async () => {
      await startOfAWindow();
      const creator = await makeUser();
      const items = await Promise.all(
        Array.from({ length: 10 }, () => makeContent(creator.id, { durationMs: 30_000 })),
      );
      const viewer = await signedInBrowser(uniqueEmail("start-burst"));
      const statuses: number[] = [];
      for (let round = 0; round < 300; round += 20) {
        const batch = await Promise.all(
          items.concat(items).map((item) => viewer.json("/api/playback-events", "POST", startBody(item.id))),
        );
        statuses.push(...batch.map((r) => r.status));
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(PLAYBACK_STARTS_PER_MINUTE);
      expect(statuses.filter((s) => s === 429)).toHaveLength(300 - PLAYBACK_STARTS_PER_MINUTE);
      const refused = await viewer.json("/api/playback-events", "POST", startBody(items[0]!.id));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({
        code: "rate_limited",
        error: "You have started too many views in a short time; this one will not count. Please wait a minute.",
      });
      // However the views opened end, no more than the limit can ever reach D1.
      const rows = await env.DB.prepare("select count(*) as n from views where viewer_id = ?")
        .bind(await idOf(viewer))
        .first<{ n: number }>();
      expect(rows!.n).toBeLessThanOrEqual(PLAYBACK_STARTS_PER_MINUTE);
      // Another member watching the same items is not held back.
      await startView(await signedInBrowser(uniqueEmail("start-other")), items[0]!.id);
    },
    WINDOW_TEST_TIMEOUT_MS,
  );

  it("refuses starts past PLAYBACK_STARTS_PER_HOUR in the hour, a minute at a time within the minute limit", async () => {
    await notAtTheEndOfAnHour();
    const creator = await makeUser();
    const item = await makeContent(creator.id, { durationMs: 30_000 });
    const viewer = await signedInBrowser(uniqueEmail("start-hour"));
    const id = await idOf(viewer);
    // The hour's count as ten busy minutes before this one would have left it (the same row the limit writes).
    const nowMs = Date.now();
    await env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, ?)")
      .bind(`hourly:playback-start:${id}`, windowStart(nowMs, HOUR_WINDOW_MS), PLAYBACK_STARTS_PER_HOUR - 1)
      .run();
    expect((await viewer.json("/api/playback-events", "POST", startBody(item.id))).status).toBe(201);
    const refused = await viewer.json("/api/playback-events", "POST", startBody(item.id));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      error: "You have started too many views in the last hour; this one will not count. Please wait a while.",
    });
  });
});
