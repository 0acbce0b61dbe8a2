import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ContentListResponse } from "../../common/schemas/content";
import type { CreatorPageJson, CreatorProfileJson } from "../../common/schemas/users";
import { fixture } from "../test/fixtures";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { PROFILE_CHANGES_PER_MINUTE } from "../middleware/rate-limit";
import { suspend } from "../test/moderation";
import { startOfAWindow, WINDOW_TEST_TIMEOUT_MS } from "../test/rate-window";
import { publishFixture, signUpload, uploadFixture } from "../test/uploads";

// Creator profiles (docs/decisions/091): bio and links, avatar and banner, through the routes a browser calls,
// on the test runtime's real D1 and R2.

async function member() {
  const browser = await signedInBrowser(uniqueEmail("creator"));
  const me = await (await browser.fetch("/api/users/me")).json<{ id: string }>();
  return { browser, id: me.id };
}

const page = async (id: string, browser = new Browser()) =>
  (await browser.fetch(`/api/users/${id}`)).json<CreatorPageJson>();

describe("PATCH /api/users/me/profile", () => {
  it("saves a bio and links, cleaned, and the creator page shows them to visitors with each link's host", async () => {
    const { browser, id } = await member();
    const bio = "  Films & <b>sound</b> 🎬\r\n\r\n\r\n\r\nSecond line\u0007  ";
    const links = [" https://www.example.com/channel ", "", "http://Sub.Example.ORG/a?b=1#c"];
    const res = await browser.json("/api/users/me/profile", "PATCH", { bio, links });
    expect(res.status, await res.clone().text()).toBe(200);
    const expected = {
      bio: "Films & <b>sound</b> 🎬\n\nSecond line",
      links: [
        { url: "https://www.example.com/channel", host: "example.com" },
        { url: "http://sub.example.org/a?b=1#c", host: "sub.example.org" },
      ],
    };
    expect(await res.json()).toMatchObject(expected);
    expect(await page(id)).toMatchObject({ ...expected, avatar_url: null, banner_url: null });
  });

  it("changes only what it is given, and clears with null and []", async () => {
    const { browser, id } = await member();
    await browser.json("/api/users/me/profile", "PATCH", { bio: "Hello", links: ["https://a.example"] });
    await browser.json("/api/users/me/profile", "PATCH", { links: [] });
    expect(await page(id)).toMatchObject({ bio: "Hello", links: [] });
    await browser.json("/api/users/me/profile", "PATCH", { bio: null });
    expect(await page(id)).toMatchObject({ bio: null });
    expect(await (await browser.fetch("/api/users/me/profile")).json()).toMatchObject({ bio: null, links: [] });
  });

  it("keeps a bio of exactly 1,000 characters of one unbroken word", async () => {
    const { browser } = await member();
    const res = await browser.json("/api/users/me/profile", "PATCH", { bio: "x".repeat(1000) });
    expect(res.status).toBe(200);
    expect((await res.json<CreatorProfileJson>()).bio).toHaveLength(1000);
  });

  const refusals: [string, unknown, string][] = [
    ["a bio over 1,000 characters", { bio: "x".repeat(1001) }, "Bio must be at most 1,000 characters"],
    ["six links", { links: [1, 2, 3, 4, 5, 6].map((n) => `https://e${n}.example`) }, "You can add at most 5 links"],
    [
      "a javascript: link",
      { links: ["javascript:alert(1)"] },
      "Link 1 must be a web address starting with http:// or https://",
    ],
    [
      "a data: link",
      { links: ["https://ok.example", "data:text/html,<b>x</b>"] },
      "Link 2 must be a web address starting with http:// or https://",
    ],
    [
      "a link without a scheme",
      { links: ["example.com"] },
      "Link 1 must be a web address starting with http:// or https://",
    ],
    [
      "a link with a user name",
      { links: ["https://bank.example@evil.example/"] },
      "Link 1 must be a web address starting with http:// or https://",
    ],
    [
      "a link over 300 characters",
      { links: [`https://e.example/${"a".repeat(300)}`] },
      "Link 1 must be at most 300 characters",
    ],
    ["the same link twice", { links: ["https://e.example/", "https://E.example"] }, "Link 2 is listed twice"],
    ["links that are not strings", { links: [42] }, "links.0: Invalid input: expected string, received number"],
  ];
  for (const [what, body, error] of refusals) {
    it(`refuses ${what} with 400 and says why`, async () => {
      const { browser, id } = await member();
      const res = await browser.json("/api/users/me/profile", "PATCH", body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error, requestId: expect.any(String) });
      expect(await page(id)).toMatchObject({ bio: null, links: [] });
    });
  }

  it(
    "answers 429 in the member's words past PROFILE_CHANGES_PER_MINUTE changes a minute",
    async () => {
      const { browser } = await member();
      await startOfAWindow();
      for (let i = 0; i < PROFILE_CHANGES_PER_MINUTE; i++) {
        expect((await browser.json("/api/users/me/profile", "PATCH", { bio: `Take ${i}` })).status).toBe(200);
      }
      const res = await browser.json("/api/users/me/profile", "PATCH", { bio: "One more" });
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({
        code: "rate_limited",
        error: "You're changing your profile too fast. Please wait a minute and try again.",
      });
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    },
    WINDOW_TEST_TIMEOUT_MS,
  );

  it("refuses malformed JSON with 400, visitors with 401 and suspended members with 403", async () => {
    const { browser, id } = await member();
    expect((await browser.fetch("/api/users/me/profile", { method: "PATCH", body: "{nope" })).status).toBe(400);
    expect((await new Browser().json("/api/users/me/profile", "PATCH", { bio: "x" })).status).toBe(401);
    await suspend(id);
    const res = await browser.json("/api/users/me/profile", "PATCH", { bio: "x" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "suspended" });
  });
});

describe("avatar and banner", () => {
  it("sets an uploaded image as the avatar, serves it immutable at a versioned address, and names it on cards", async () => {
    const { browser, id } = await member();
    const key = await uploadFixture(browser, "thumb.jpg");
    const res = await browser.json("/api/users/me/avatar", "PUT", { image_key: key });
    expect(res.status, await res.clone().text()).toBe(200);
    const { avatar_url } = await res.json<CreatorProfileJson>();
    expect(avatar_url).toMatch(new RegExp(`^/api/users/${id}/avatar\\?v=\\w+$`));

    const image = await new Browser().fetch(avatar_url!);
    expect(image.status).toBe(200);
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(fixture("thumb.jpg"));
    // An address without the current version is sent to it.
    const stale = await new Browser().fetch(`/api/users/${id}/avatar?v=old`);
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toBe(avatar_url);

    const item = await publishFixture(browser, "tiny.mp4");
    const list = await (await new Browser().fetch(`/api/content?creator=${id}`)).json<ContentListResponse>();
    expect(list.items.find((i) => i.id === item)?.creator_avatar_url).toBe(avatar_url);
  });

  it("replaces the banner: a new address, and the old image leaves storage", async () => {
    const { browser, id } = await member();
    const first = await uploadFixture(browser, "image.png", "image/png");
    const before = await (
      await browser.json("/api/users/me/banner", "PUT", { image_key: first })
    ).json<CreatorProfileJson>();
    const second = await uploadFixture(browser, "image.webp", "image/webp");
    const after = await (
      await browser.json("/api/users/me/banner", "PUT", { image_key: second })
    ).json<CreatorProfileJson>();
    expect(after.banner_url).not.toBe(before.banner_url);
    expect(await env.MEDIA.head(first)).toBeNull();
    expect(await env.MEDIA.head(second)).not.toBeNull();
    expect((await page(id)).banner_url).toBe(after.banner_url);
  });

  it("removes an avatar: the page falls back, the address answers 404 and the image leaves storage", async () => {
    const { browser, id } = await member();
    const key = await uploadFixture(browser, "image.gif", "image/gif");
    await browser.json("/api/users/me/avatar", "PUT", { image_key: key });
    const res = await browser.fetch("/api/users/me/avatar", { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ avatar_url: null });
    expect((await page(id)).avatar_url).toBeNull();
    expect((await new Browser().fetch(`/api/users/${id}/avatar`)).status).toBe(404);
    expect(await env.MEDIA.head(key)).toBeNull();
  });

  it("refuses an upload already used, someone else's, one that is not an image, and an unknown key", async () => {
    const { browser } = await member();
    const key = await uploadFixture(browser, "thumb.jpg");
    expect((await browser.json("/api/users/me/avatar", "PUT", { image_key: key })).status).toBe(200);
    const again = await browser.json("/api/users/me/banner", "PUT", { image_key: key });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "upload_used" });

    const other = await member();
    const theirs = await uploadFixture(other.browser, "thumb.jpg");
    expect((await browser.json("/api/users/me/avatar", "PUT", { image_key: theirs })).status).toBe(403);

    const media = await uploadFixture(browser, "tiny.mp4");
    const notImage = await browser.json("/api/users/me/avatar", "PUT", { image_key: media });
    expect(notImage.status).toBe(400);
    expect(await notImage.json()).toMatchObject({ error: "image_key: this upload is not an image" });

    const unknown = await browser.json("/api/users/me/avatar", "PUT", { image_key: "nope" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: "image_key: no such upload" });
    expect((await browser.json("/api/users/me/avatar", "PUT", {})).status).toBe(400);
  });

  it("refuses a file that lies about being an image when it is stored, so it can never become an avatar", async () => {
    const { browser } = await member();
    const bytes = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const signed = await signUpload(browser, "face.png", "image/png", bytes.byteLength);
    const put = await browser.fetch(signed.uploadUrl, {
      method: "PUT",
      body: bytes,
      headers: { "content-type": "image/png" },
    });
    expect(put.status).toBe(415);
    const res = await browser.json("/api/users/me/avatar", "PUT", { image_key: signed.key });
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toMatch(/^image_key: /);
  });

  it("refuses an avatar above 2 MB with 400 image_too_large", async () => {
    const { browser } = await member();
    // A real PNG signature followed by padding: the upload accepts it as an image of 2 MB and a byte.
    const png = fixture("image.png");
    const bytes = new Uint8Array(2 * 1024 * 1024 + 1);
    bytes.set(png);
    const signed = await signUpload(browser, "big.png", "image/png", bytes.byteLength);
    const put = await browser.fetch(signed.uploadUrl, {
      method: "PUT",
      body: bytes,
      headers: { "content-type": "image/png" },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const res = await browser.json("/api/users/me/avatar", "PUT", { image_key: signed.key });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "The avatar image must be at most 2 MB", code: "image_too_large" });
  });

  it("hides a suspended creator's profile from everyone but them", async () => {
    const { browser, id } = await member();
    await browser.json("/api/users/me/profile", "PATCH", { bio: "Buy followers", links: ["https://spam.example"] });
    const key = await uploadFixture(browser, "thumb.jpg");
    const { avatar_url } = await (
      await browser.json("/api/users/me/avatar", "PUT", { image_key: key })
    ).json<CreatorProfileJson>();
    await suspend(id);
    expect(await page(id)).toMatchObject({ bio: null, links: [], avatar_url: null, banner_url: null });
    expect((await new Browser().fetch(`/api/users/${id}/avatar`)).status).toBe(404);
    // The creator still sees their own, never from a cache.
    expect(await page(id, browser)).toMatchObject({ bio: "Buy followers", avatar_url });
    const own = await browser.fetch(avatar_url!);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("avatar from the edge cache (docs/decisions/074, 091)", () => {
  const cachedAt = async (url: string) => {
    const hit = await caches.default.match(`http://localhost${url}`);
    await hit?.body?.cancel();
    return hit;
  };
  async function untilCached(url: string, wanted: boolean) {
    for (let i = 0; i < 150; i++) {
      if (Boolean(await cachedAt(url)) === wanted) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${url} was ${wanted ? "never put in" : "never dropped from"} the cache`);
  }

  it("answers a second request without D1 or R2, and a replaced avatar's old address leaves the cache", async () => {
    const { browser, id } = await member();
    const first = await uploadFixture(browser, "thumb.jpg");
    const { avatar_url } = await (
      await browser.json("/api/users/me/avatar", "PUT", { image_key: first })
    ).json<CreatorProfileJson>();
    expect((await new Browser().fetch(avatar_url!)).status).toBe(200);
    await untilCached(avatar_url!, true);

    // Take away the row's key and the object: only the cache can still answer.
    await env.DB.prepare("update users set avatar_key = null where id = ?1").bind(id).run();
    await env.MEDIA.delete(first);
    const hit = await new Browser().fetch(avatar_url!);
    expect(hit.status).toBe(200);
    expect(new Uint8Array(await hit.arrayBuffer())).toEqual(fixture("thumb.jpg"));

    // Replacing the avatar the row names drops the old address's copy.
    await env.DB.prepare("update users set avatar_key = ?2 where id = ?1").bind(id, first).run();
    const second = await uploadFixture(browser, "image.png", "image/png");
    await browser.json("/api/users/me/avatar", "PUT", { image_key: second });
    await untilCached(avatar_url!, false);
  });
});

describe("DELETE /api/admin/moderation/users/{id}/profile", () => {
  it("lets an admin clear an abusive profile, audited, without suspending the member", async () => {
    const { browser, id } = await member();
    await browser.json("/api/users/me/profile", "PATCH", { bio: "Abuse", links: ["https://abuse.example"] });
    const key = await uploadFixture(browser, "thumb.jpg");
    await browser.json("/api/users/me/banner", "PUT", { image_key: key });

    expect((await browser.fetch(`/api/admin/moderation/users/${id}/profile`, { method: "DELETE" })).status).toBe(403);
    const admin = await signedInBrowser("admin@example.com");
    const res = await admin.fetch(`/api/admin/moderation/users/${id}/profile`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(await page(id)).toMatchObject({ bio: null, links: [], avatar_url: null, banner_url: null });
    expect(await env.MEDIA.head(key)).toBeNull();
    const audit = await env.DB.prepare(
      "select action, before from audit_log where entity = 'profile' and entity_id = ?1",
    )
      .bind(id)
      .first<{ action: string; before: string }>();
    expect(audit?.action).toBe("clear");
    expect(JSON.parse(audit!.before)).toMatchObject({ bio: "Abuse", bannerKey: key });
    // Not a suspension: the member may write a new profile.
    expect((await browser.json("/api/users/me/profile", "PATCH", { bio: "Sorry" })).status).toBe(200);
    const unknown = await admin.fetch(`/api/admin/moderation/users/01ARZ3NDEKTSV4RRFFQ69G5FAV/profile`, {
      method: "DELETE",
    });
    expect(unknown.status).toBe(404);
  });
});

describe("the bio under the one rule for what members type (docs/decisions/106)", () => {
  it("refuses a lone surrogate in words, counts emoji as the text box does, and keeps good text", async () => {
    const { browser } = await member();
    for (const [bio, error] of [
      ["Films \ud83c and sound", "Bio contains characters that cannot be shown"],
      ["😀".repeat(501), "Bio must be at most 1,000 characters"],
    ] as const) {
      const res = await browser.json("/api/users/me/profile", "PATCH", { bio });
      expect(res.status, error).toBe(400);
      expect(await res.json()).toMatchObject({ error });
    }
    const bio = `${"😀".repeat(400)}\nCrème 北極光 שלום <b>x</b>`;
    const ok = await browser.json("/api/users/me/profile", "PATCH", { bio });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await ok.json()).toMatchObject({ bio });
    const blank = await browser.json("/api/users/me/profile", "PATCH", { bio: "\u200b\u200b" });
    expect(await blank.json()).toMatchObject({ bio: null });
  });
});
