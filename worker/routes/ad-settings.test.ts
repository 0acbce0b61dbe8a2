import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";

describe("ad settings", () => {
  it("lets admins change one known key at a time, audited, and players read them", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const res = await admin.json("/api/admin/ad-settings", "PATCH", {
      key: "vast_url",
      value: "https://ads.example.com/vast.xml",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ vast_url: "https://ads.example.com/vast.xml" });
    expect(
      (await admin.json("/api/admin/ad-settings", "PATCH", { key: "preroll_enabled", value: "true" })).status,
    ).toBe(200);
    const viewer = await signedInBrowser(uniqueEmail());
    expect(await (await viewer.fetch("/api/ad-settings")).json()).toMatchObject({
      preroll_enabled: "true",
      vast_url: "https://ads.example.com/vast.xml",
    });
    const audit = await env.DB.prepare(
      "select before, after from audit_log where entity = 'setting' and entity_id = 'vast_url' order by created_at desc limit 1",
    ).first<{ before: string; after: string }>();
    expect(JSON.parse(audit!.after)).toEqual({ vast_url: "https://ads.example.com/vast.xml" });
  });

  it("accepts a same-origin feed path and an empty feed", async () => {
    const admin = await signedInBrowser("admin@example.com");
    for (const value of ["/ads/sample-vast.xml", ""]) {
      expect((await admin.json("/api/admin/ad-settings", "PATCH", { key: "vast_url", value })).status, value).toBe(200);
    }
  });

  it("refuses unknown keys and bad values with 400", async () => {
    const admin = await signedInBrowser("admin@example.com");
    for (const body of [
      { key: "vast_url", value: "javascript:alert(1)" },
      { key: "vast_url", value: "//evil.example/vast.xml" },
      { key: "vast_url", value: "ftp://ads.example.com/v.xml" },
      { key: "preroll_enabled", value: "yes" },
      { key: "preroll_enabled", value: true },
      { key: "admin_emails", value: "me@example.com" },
      {},
    ]) {
      const res = await admin.json("/api/admin/ad-settings", "PATCH", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ error: string }>()).error).toBeTruthy();
    }
  });

  it("refuses a feed URL with a user name or password, and our own /api/ however it is written (docs/decisions/108)", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const set = (value: string) => admin.json("/api/admin/ad-settings", "PATCH", { key: "vast_url", value });
    expect((await set("/ads/sample-vast.xml")).status).toBe(200);
    const refusals: [value: string, words: string][] = [
      ["https://user:pw@ads.example.com/vast.xml", "value: must not hold a user name or password"],
      ["https://user@ads.example.com/vast.xml", "value: must not hold a user name or password"],
      ["/api/admin/users", "value: must not be one of our /api/ addresses"],
      ["/API/admin/users", "value: must not be one of our /api/ addresses"],
      ["/ads/../api/admin/users", "value: must not be one of our /api/ addresses"],
      ["/%61pi/admin/users", "value: must not be one of our /api/ addresses"],
      ["/api", "value: must not be one of our /api/ addresses"],
      ["http://localhost/api/admin/users", "value: must not be one of our /api/ addresses"],
    ];
    for (const [value, words] of refusals) {
      const res = await set(value);
      expect(res.status, value).toBe(400);
      expect((await res.json<{ error: string }>()).error, value).toBe(words);
    }
    // Nothing refused was stored: the feed is still the last one accepted.
    expect(await (await admin.fetch("/api/admin/ad-settings")).json()).toMatchObject({
      vast_url: "/ads/sample-vast.xml",
    });
    // Another ad server's own /api/ path is its business, and a path merely starting with "api" is not ours.
    expect((await set("https://ads.example.com/api/vast?zone=1")).status).toBe(200);
    expect((await set("/apis/vast.xml")).status).toBe(200);
  });

  it("keeps a list of https ad hosts for the pages' CSP, tidied, and refuses anything else naming the host", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const res = await admin.json("/api/admin/ad-settings", "PATCH", {
      key: "ad_hosts",
      value: " https://CDN.example.net/\nhttps://*.pixels.example.org, https://cdn.example.net ",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ad_hosts: "https://cdn.example.net https://*.pixels.example.org" });
    for (const value of [
      "http://cdn.example.net",
      "https://cdn.example.net/path",
      "*",
      "https:",
      "'unsafe-inline'",
      "https://a;b.example",
      "cdn.example.net",
    ]) {
      const bad = await admin.json("/api/admin/ad-settings", "PATCH", { key: "ad_hosts", value });
      expect(bad.status, value).toBe(400);
      expect((await bad.json<{ error: string }>()).error, value).toMatch(/^value: ".*" is not an https origin/);
    }
    expect((await admin.json("/api/admin/ad-settings", "PATCH", { key: "ad_hosts", value: "" })).status).toBe(200);
  });

  it("answers the player's settings to visitors too: the embed page plays ads for them (docs/decisions/099)", async () => {
    const res = await new Browser().fetch("/api/ad-settings");
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveProperty("vast_url");
  });
});
