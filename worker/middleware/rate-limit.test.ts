import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SIGN_IN_PER_MINUTE, UPLOAD_SIGNS_PER_MINUTE } from "./rate-limit";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { startOfAWindow, WINDOW_TEST_TIMEOUT_MS } from "../test/rate-window";

// Security read (docs/decisions/017): sign-in and upload signing had no limit per address, unlike the page tracker.

/** A documentation address of its own per test (RFC 5737), so tests never share a window. */
const address = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`;

describe("rate limits per address", () => {
  it(
    "allows SIGN_IN_PER_MINUTE sign-in requests a minute from one address, then answers 429 with a clear message",
    async () => {
      await startOfAWindow();
      const ip = address();
      const browser = new Browser();
      const statuses: number[] = [];
      for (let i = 0; i < SIGN_IN_PER_MINUTE; i++) {
        statuses.push(
          (await browser.fetch("/api/oauth/google/redirect_url", { headers: { "cf-connecting-ip": ip } })).status,
        );
      }
      expect(statuses.every((s) => s === 200)).toBe(true);
      const redirect = await browser.fetch("/api/oauth/google/redirect_url", { headers: { "cf-connecting-ip": ip } });
      expect(redirect.status).toBe(429);
      expect(Number(redirect.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await redirect.json()).toMatchObject({
        code: "rate_limited",
        error: "Too many sign-in attempts from this address. Please wait a minute and try again.",
      });
      const session = await browser.json(
        "/api/sessions",
        "POST",
        { code: "dev:someone@example.com", state: "s" },
        { "cf-connecting-ip": ip },
      );
      expect(session.status).toBe(429);

      // Another address, this machine (loopback) and callers without an address (only the tests) are not held back.
      expect(
        (await browser.fetch("/api/oauth/google/redirect_url", { headers: { "cf-connecting-ip": "198.51.100.77" } }))
          .status,
      ).toBe(200);
      for (const headers of [{ "cf-connecting-ip": "127.0.0.1" }, {}] as Record<string, string>[]) {
        expect((await browser.fetch("/api/oauth/google/redirect_url", { headers })).status).toBe(200);
      }
      await signedInBrowser(uniqueEmail("after-the-flood"));
    },
    WINDOW_TEST_TIMEOUT_MS,
  );

  it(
    "allows UPLOAD_SIGNS_PER_MINUTE upload signatures a minute from one address, then answers 429",
    async () => {
      await startOfAWindow();
      const ip = address();
      // Several members behind one address (an office): each stays under the per-member hourly limit.
      const members = await Promise.all([0, 1, 2].map((i) => signedInBrowser(uniqueEmail(`uploader-${i}`))));
      const sign = (user: (typeof members)[number]) =>
        user.json(
          "/api/uploads/sign",
          "POST",
          { filename: "t.jpg", contentType: "image/jpeg", fileSize: 10 },
          { "cf-connecting-ip": ip },
        );
      const statuses: number[] = [];
      for (let i = 0; i < UPLOAD_SIGNS_PER_MINUTE; i++) statuses.push((await sign(members[i % 3]!)).status);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      const refused = await sign(members[0]!);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({
        code: "rate_limited",
        error: "Too many uploads started from this address. Please wait a minute and try again.",
      });
      // The refusal cost nothing (no upload row), and the same member from another address goes on.
      const other = await members[0]!.json(
        "/api/uploads/sign",
        "POST",
        { filename: "t.jpg", contentType: "image/jpeg", fileSize: 10 },
        { "cf-connecting-ip": "198.51.100.78" },
      );
      expect(other.status).toBe(200);
      const ids = await Promise.all(
        members.map(async (m) => (await (await m.fetch("/api/users/me")).json<{ id: string }>()).id),
      );
      const rows = await env.DB.prepare("select count(*) as n from uploads where user_id in (?, ?, ?)")
        .bind(...ids)
        .first();
      expect(rows).toEqual({ n: UPLOAD_SIGNS_PER_MINUTE + 1 });
    },
    WINDOW_TEST_TIMEOUT_MS,
  );
});
