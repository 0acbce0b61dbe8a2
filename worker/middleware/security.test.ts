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
    const res = await browser.json(
      "/api/users/me/username",
      "PATCH",
      { username: "valid_name" },
      { origin: "https://evil.example" },
    );
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

  // Security read (docs/decisions/017): HEAD reached the GET handler and signed the user out, cross-site or not.
  it("never signs out on HEAD (or any method but GET), and refuses any cross-site logout", async () => {
    const browser = await signedInBrowser(uniqueEmail());
    for (const method of ["HEAD", "POST", "PUT", "DELETE"]) {
      for (const site of ["cross-site", "same-origin"]) {
        const res = await browser.fetch("/api/logout", { method, headers: { "sec-fetch-site": site } });
        // HEAD reaches the GET route and is told GET is the method; other methods have no route at all.
        expect(res.status, `${method} ${site}`).toBe(site === "cross-site" ? 403 : method === "HEAD" ? 405 : 404);
        expect(res.headers.getSetCookie().join(), `${method} ${site}`).not.toMatch(/rp_session/);
        expect((await browser.fetch("/api/users/me")).status, `${method} ${site}`).toBe(200);
      }
    }
    const head = await browser.fetch("/api/logout", { method: "HEAD" });
    expect(head.headers.get("allow")).toBe("GET");
    expect((await browser.fetch("/api/logout")).status).toBe(200);
    expect((await browser.fetch("/api/users/me")).status).toBe(401);
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
