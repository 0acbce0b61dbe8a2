import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { makeContent } from "../test/factories";
import { Browser, signedInBrowser } from "../test/http";
import { SIGN_IN_PER_MINUTE } from "../middleware/rate-limit";
import { startOfAWindow, WINDOW_TEST_TIMEOUT_MS } from "../test/rate-window";
import { earningsOf, watchPaced } from "../test/views";
import { established } from "../test/members";

// "IPv6 rotation" (docs/decisions/030): every address was hashed whole, so a farm rotating through the addresses of its
// own /64 (billions of them, one home connection) escaped the per-address limits and the shared-address
// rule. Addresses now count by group: IPv4 whole, IPv6 by /64 (docs/decisions/030).

/** A /64 of the documentation prefix (RFC 3849) of its own per test run, so tests never share a window. */
const prefix64 = () =>
  `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
/** A random address inside `prefix`, written the way a farm would vary it (case, zeros, `::`). */
const inside = (prefix: string, i: number) =>
  i % 3 === 0
    ? `${prefix}::${(i + 1).toString(16)}`
    : i % 3 === 1
      ? `${prefix.toUpperCase()}:0:0:${i.toString(16)}:1`
      : `${prefix}:${i.toString(16)}:ab:cd:ef`;

describe("a farm rotating addresses within one IPv6 /64", () => {
  it(
    "is one address to the rate limits: the sign-in limit holds after SIGN_IN_PER_MINUTE requests, another /64 goes on",
    async () => {
      await startOfAWindow();
      const farm = prefix64();
      const browser = new Browser();
      const statuses: number[] = [];
      for (let i = 0; i <= SIGN_IN_PER_MINUTE; i++) {
        statuses.push(
          (await browser.fetch("/api/oauth/google/redirect_url", { headers: { "cf-connecting-ip": inside(farm, i) } }))
            .status,
        );
      }
      expect(statuses.slice(0, SIGN_IN_PER_MINUTE).every((s) => s === 200)).toBe(true);
      expect(statuses[SIGN_IN_PER_MINUTE]).toBe(429);
      // A fresh address of the same /64 is the same group; a neighbour's /64 is not held back.
      expect(
        (await browser.fetch("/api/oauth/google/redirect_url", { headers: { "cf-connecting-ip": `${farm}::beef` } }))
          .status,
      ).toBe(429);
      expect(
        (await browser.fetch("/api/oauth/google/redirect_url", { headers: { "cf-connecting-ip": prefix64() + "::1" } }))
          .status,
      ).toBe(200);
    },
    WINDOW_TEST_TIMEOUT_MS,
  );

  it("shares one ip_hash in its views, so the shared-address rule flags a creator watching from the viewer's /64; a viewer on another /64 is paid and not flagged", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const farm = prefix64();
    const creator = await established("v6-creator");
    const someone = await established("v6-someone");
    const viewer = await established("v6-viewer");
    const honest = await established("v6-honest");
    const elsewhere = await makeContent(someone.id, { durationMs: 10_000 });
    const item = await makeContent(creator.id, { durationMs: 10_000 });
    // The creator watches something from one address of the farm's /64, the viewer their item from another.
    expect(
      (
        await watchPaced(creator.browser, creator.id, elsewhere.id, 10_000, {
          device: { fingerprint: "c", ip: `${farm}::c1` },
        })
      ).qualified,
    ).toBe(true);
    expect(
      (
        await watchPaced(viewer.browser, viewer.id, item.id, 10_000, {
          device: { fingerprint: "v", ip: `${farm}:9:8:7:6` },
        })
      ).qualified,
    ).toBe(true);
    expect(
      (
        await watchPaced(honest.browser, honest.id, item.id, 10_000, {
          device: { fingerprint: "h", ip: `${prefix64()}::c1` },
        })
      ).qualified,
    ).toBe(true);
    const { runScheduledJobs } = await import("../scheduled");
    await runScheduledJobs(env);

    const hashes = await env.DB.prepare("select viewer_id, ip_hash from views where viewer_id in (?1, ?2, ?3)")
      .bind(creator.id, viewer.id, honest.id)
      .all<{ viewer_id: string; ip_hash: string }>();
    const hashOf = (id: string) => hashes.results.find((r) => r.viewer_id === id)?.ip_hash;
    expect(hashOf(viewer.id)).toBeTruthy();
    expect(hashOf(viewer.id)).toBe(hashOf(creator.id));
    expect(hashOf(honest.id)).not.toBe(hashOf(creator.id));

    const { reviews } = await (
      await admin.fetch("/api/admin/reviews")
    ).json<{ reviews: { rule: string; users: { id: string }[] }[] }>();
    const flagged = (id: string) => reviews.some((r) => r.rule === "shared_ip" && r.users.some((u) => u.id === id));
    expect(flagged(viewer.id)).toBe(true);
    expect(flagged(honest.id)).toBe(false);
    expect(await earningsOf(honest.id)).toEqual({ micros: 3000, n: 1 });
  });
});
