import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInBrowser, uniqueEmail } from "../test/http";

describe("security middleware", () => {
  it("sets the security headers on API responses", async () => {
    const res = await SELF.fetch("http://localhost/api/users/me");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("refuses a state-changing request from a foreign origin", async () => {
    const browser = await signedInBrowser(uniqueEmail());
    const res = await browser.json("/api/users/me/username", "PATCH", { username: "valid_name" }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "cross_site" });
  });

  it("refuses a cross-site logout but allows a same-origin one", async () => {
    const browser = await signedInBrowser(uniqueEmail());
    const forced = await browser.fetch("/api/logout", { headers: { "sec-fetch-site": "cross-site" } });
    expect(forced.status).toBe(403);
    expect((await browser.fetch("/api/users/me")).status).toBe(200);
    expect((await browser.fetch("/api/logout", { headers: { "sec-fetch-site": "same-origin" } })).status).toBe(200);
  });

  it("never leaks a stack trace", async () => {
    const res = await SELF.fetch("http://localhost/api/sessions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "[",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toMatch(/at \w+ \(/);
  });
});
