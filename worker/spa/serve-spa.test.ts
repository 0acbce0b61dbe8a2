import { env, SELF } from "cloudflare:test";
import { expect, it } from "vitest";
import { signedInBrowser } from "../test/http";
import { serveSpa } from "./serve-spa";

// The built SPA is not part of the test runtime, so the ASSETS binding answers with a stand-in page; the
// tag settings come from the real D1.
const assets = {
  fetch: async (req: Request) =>
    new URL(req.url).pathname.endsWith(".js")
      ? new Response("console.log(1)", { headers: { "content-type": "text/javascript" } })
      : new Response("<!doctype html><div id=root></div>", { headers: { "content-type": "text/html; charset=utf-8" } }),
} as unknown as Fetcher;
const api = (r: Request) => SELF.fetch(r);

it("sends pages with the CSP, frame and sniffing protections; leaves other files alone", async () => {
  const page = await serveSpa(new Request("http://localhost/wallet"), { ...env, ASSETS: assets }, api);
  expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
  expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(page.headers.get("x-frame-options")).toBe("DENY");
  expect(page.headers.get("x-content-type-options")).toBe("nosniff");
  const script = await serveSpa(new Request("http://localhost/assets/app.js"), { ...env, ASSETS: assets }, api);
  expect(script.headers.get("content-security-policy")).toBeNull();
});

it("allows the configured ad feed's host and ad hosts in the page's CSP, and no other site", async () => {
  const admin = await signedInBrowser("admin@example.com");
  const set = (key: string, value: string) => admin.json("/api/admin/ad-settings", "PATCH", { key, value });
  expect((await set("vast_url", "https://ads.example.com/vast.xml")).status).toBe(200);
  expect((await set("ad_hosts", "https://cdn.example.net")).status).toBe(200);
  const page = await serveSpa(new Request("http://localhost/"), { ...env, ASSETS: assets }, api);
  const csp = page.headers.get("content-security-policy")!;
  expect(csp).toContain("connect-src 'self' https://ads.example.com https://cdn.example.net;");
  expect(csp).toContain("media-src 'self' blob: https://ads.example.com https://cdn.example.net;");
  expect(csp).not.toMatch(/https:(;|\s)/);
  expect((await set("vast_url", "/ads/sample-vast.xml")).status).toBe(200);
  expect((await set("ad_hosts", "")).status).toBe(200);
});
