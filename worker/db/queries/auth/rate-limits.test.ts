import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "../../../lib/ids";
import { HOUR_WINDOW_MS, WINDOW_MS } from "../../../lib/rate-window";
import { purgeOldWindows, withinLimit } from "./rate-limits";

describe("rate limit windows", () => {
  it("counts hour windows per key, and the cron's purge keeps them until their hour has passed", async () => {
    const key = `test:${newId()}`;
    const now = Date.now();
    for (let i = 0; i < 3; i++) expect(await withinLimit(env.DB, key, 3, now, "hour")).toBe(true);
    expect(await withinLimit(env.DB, key, 3, now, "hour")).toBe(false);
    // A minute later the minute windows are gone, the hour window is not.
    const minuteKey = `test:${newId()}`;
    await withinLimit(env.DB, minuteKey, 3, now);
    await purgeOldWindows(env.DB, now + 2 * WINDOW_MS).run();
    const left = async (k: string) =>
      (await env.DB.prepare("select count(*) as n from rate_limits where key = ?1").bind(k).first<{ n: number }>())!.n;
    expect(await left(minuteKey)).toBe(0);
    expect(await left(`hourly:${key}`)).toBe(1);
    await purgeOldWindows(env.DB, now + 2 * HOUR_WINDOW_MS).run();
    expect(await left(`hourly:${key}`)).toBe(0);
  });
});
