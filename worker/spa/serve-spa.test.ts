import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { serveSpa } from "./serve-spa";

// The built SPA is not part of the test runtime, so the ASSETS binding answers with a stand-in page; the
// tag settings come from the real D1.
const assets = {
  fetch: async (req: Request) =>
    new URL(req.url).pathname.endsWith(".js")
      ? new Response("console.log(1)", { headers: { "content-type": "text/javascript" } })
      : new Response("<!doctype html><div id=root></div>", { headers: { "content-type": "text/html; charset=utf-8" } }),
} as unknown as Fetcher;

it("sends pages with the CSP, frame and sniffing protections; leaves other files alone", async () => {
  const page = await serveSpa(new Request("http://localhost/wallet"), { ...env, ASSETS: assets });
  expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
  expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(page.headers.get("x-frame-options")).toBe("DENY");
  expect(page.headers.get("x-content-type-options")).toBe("nosniff");
  const script = await serveSpa(new Request("http://localhost/assets/app.js"), { ...env, ASSETS: assets });
  expect(script.headers.get("content-security-policy")).toBeNull();
});
