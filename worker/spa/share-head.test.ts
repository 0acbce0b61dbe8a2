import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { makeContent } from "../test/factories";
import { deleteItem } from "../test/deletion";
import { member } from "../test/members";
import { takeDown } from "../test/moderation";
import { serveSpa } from "./serve-spa";

// Link previews (docs/decisions/099): an item's, a creator's and a playlist's page carry their own head, read as a
// visitor whoever asks; anything a visitor may not open keeps the generic head, and every value is escaped.

const GENERIC =
  '<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Reelpay: watch, share and earn from video and audio." /><title>Reelpay</title></head><body><div id="root"></div></body></html>';
const assets = {
  fetch: async () => new Response(GENERIC, { headers: { "content-type": "text/html; charset=utf-8" } }),
} as unknown as Fetcher;
const testEnv = { ...env, ASSETS: assets };

/** The page as the Worker serves it, and the API reads it made for its head. */
async function page(path: string, headers: Record<string, string> = {}) {
  const reads: string[] = [];
  const api = (r: Request) => {
    reads.push(`${new URL(r.url).pathname}${r.headers.has("cookie") ? " (cookie)" : ""}`);
    return SELF.fetch(r);
  };
  const response = await serveSpa(
    new Request(`http://localhost${path}`, { headers: { accept: "text/html", ...headers } }),
    testEnv,
    api,
  );
  return { response, html: await response.text(), reads };
}

/** The content of the head's `<meta property|name=key>`, unescaped by a real parser's rules for the few we use. */
function metaOf(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return match ? match[1]! : null;
}

const GENERIC_TITLE = "<title>Reelpay</title>";

describe("page heads", () => {
  let creator: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    creator = await member("head-creator");
  });

  it("writes an item's title, description, Open Graph and Twitter tags, canonical address and oEmbed link", async () => {
    const item = await makeContent(creator.id, {
      title: "Sunset over the bay",
      description: "A calm evening.\nFilmed on a phone.",
      thumbnailKey: `thumbs/${crypto.randomUUID()}.jpg`,
    });
    const { response, html } = await page(`/content/${item.id}?utm_source=chat&t=30`);
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Sunset over the bay | Reelpay</title>");
    expect(html).not.toContain(GENERIC_TITLE);
    expect(html).not.toContain("watch, share and earn");
    expect(metaOf(html, "description")).toBe("A calm evening. Filmed on a phone.");
    expect(metaOf(html, "og:title")).toBe("Sunset over the bay");
    expect(metaOf(html, "og:type")).toBe("video.other");
    expect(metaOf(html, "og:site_name")).toBe("Reelpay");
    expect(metaOf(html, "og:url")).toBe(`http://localhost/content/${item.id}`);
    expect(metaOf(html, "og:image")).toMatch(new RegExp(`^http://localhost/api/content/${item.id}/thumbnail\\?v=`));
    expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
    expect(metaOf(html, "twitter:image")).toBe(metaOf(html, "og:image"));
    expect(html).toContain(`<link rel="canonical" href="http://localhost/content/${item.id}">`);
    const oembed = `http://localhost/api/oembed?url=${encodeURIComponent(`http://localhost/content/${item.id}`)}&amp;format=json`;
    expect(html).toContain(`<link rel="alternate" type="application/json+oembed" href="${oembed}"`);
  });

  it("writes it for link-preview crawlers that accept anything or say nothing, but not for a file's address", async () => {
    const item = await makeContent(creator.id, { title: "Fetched by a crawler" });
    for (const accept of ["*/*", ""]) {
      const request = new Request(`http://localhost/content/${item.id}`);
      if (accept) request.headers.set("accept", accept);
      else request.headers.delete("accept");
      const html = await (await serveSpa(request, testEnv, (r) => SELF.fetch(r))).text();
      expect(html, `accept: ${accept || "(none)"}`).toContain("<title>Fetched by a crawler | Reelpay</title>");
    }
    // An address with a file's extension is a file, whatever it accepts: no head is written for it.
    const file = await serveSpa(
      new Request("http://localhost/robots.txt", { headers: { accept: "*/*" } }),
      testEnv,
      () => {
        throw new Error("a file's request reads nothing from the API");
      },
    );
    expect(await file.text()).toContain(GENERIC_TITLE);
  });

  it("says music.song for audio and summary without a picture", async () => {
    const item = await makeContent(creator.id, { type: "audio", mediaContentType: "audio/mpeg" });
    const { html } = await page(`/content/${item.id}`);
    expect(metaOf(html, "og:type")).toBe("music.song");
    expect(metaOf(html, "twitter:card")).toBe("summary");
    expect(metaOf(html, "og:image")).toBeNull();
    expect(metaOf(html, "description")).toMatch(/^Audio by .+ on Reelpay\.$/);
  });

  it("escapes quotes, </title>, <script> and keeps emoji whole; trims a long description to about 200 characters", async () => {
    const title = `He said "hi" & left </title><script>alert(1)</script> 🎬`;
    const item = await makeContent(creator.id, { title, description: `${"word ".repeat(100)}🎬🎬🎬` });
    const { html } = await page(`/content/${item.id}`);
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain(
      "<title>He said &quot;hi&quot; &amp; left &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; 🎬 | Reelpay</title>",
    );
    expect(metaOf(html, "og:title")).toBe(
      "He said &quot;hi&quot; &amp; left &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; 🎬",
    );
    const description = metaOf(html, "og:description")!;
    expect([...description].length).toBeLessThanOrEqual(200);
    expect(description.endsWith("word…")).toBe(true);
    // Exactly one title: the generic one was replaced, not joined.
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it("writes a creator's page as a profile and a public playlist's as a website", async () => {
    const { html } = await page(`/creator/${creator.id}`);
    expect(metaOf(html, "og:type")).toBe("profile");
    expect(metaOf(html, "og:url")).toBe(`http://localhost/creator/${creator.id}`);
    expect(html).not.toContain("application/json+oembed");
    const made = await creator.browser.json("/api/playlists", "POST", { title: "Road trip", visibility: "public" });
    const list = await made.json<{ id: string }>();
    const listPage = await page(`/playlist/${list.id}`);
    expect(metaOf(listPage.html, "og:type")).toBe("website");
    expect(listPage.html).toContain("<title>Road trip | Reelpay</title>");
  });

  it("reads as a visitor even for a signed-in request, once", async () => {
    const item = await makeContent(creator.id, { title: "Read once" });
    const cookie = [...creator.browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const signedIn = await page(`/content/${item.id}`, { cookie });
    expect(signedIn.html).toContain("<title>Read once | Reelpay</title>");
    expect(signedIn.reads.filter((r) => r.startsWith(`/api/content/${item.id}`))).toEqual([`/api/content/${item.id}`]);
    // A visitor's creator page: the first-paint answer and the head share one read.
    const visitor = await page(`/creator/${creator.id}`);
    expect(visitor.reads.filter((r) => r === `/api/users/${creator.id}`)).toHaveLength(1);
  });

  it("leaks nothing of a hidden, deleted or unknown item, or a private playlist: the generic head", async () => {
    const hidden = await makeContent(creator.id, { title: "Hidden secret title", description: "Hidden secret text" });
    await takeDown(hidden.id);
    const deleted = await makeContent(creator.id, { title: "Deleted secret title" });
    await deleteItem(creator.browser, deleted.id);
    const made = await creator.browser.json("/api/playlists", "POST", {
      title: "Private secret",
      visibility: "private",
    });
    const privateList = await made.json<{ id: string }>();
    const cookie = [...creator.browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    for (const path of [
      `/content/${hidden.id}`,
      `/content/${deleted.id}`,
      "/content/01ARZ3NDEKTSV4RRFFQ69G5FAV",
      `/playlist/${privateList.id}`,
    ]) {
      // Even the owner's own request: the head is the public one.
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const { html } = await page(path, headers);
        expect(html, path).toContain(GENERIC_TITLE);
        expect(html, path).not.toMatch(/secret|og:|twitter:|canonical/i);
      }
    }
  });
});

describe("frame headers", () => {
  it("lets any site frame the embed page, and no other page", async () => {
    const embed = await page("/embed/01ARZ3NDEKTSV4RRFFQ69G5FAV");
    expect(embed.response.headers.get("x-frame-options")).toBeNull();
    expect(embed.response.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(embed.response.headers.get("content-security-policy")).not.toContain("frame-ancestors 'none'");
    for (const path of ["/", "/content/01ARZ3NDEKTSV4RRFFQ69G5FAV", "/wallet", "/embedded", "/embed"]) {
      const other = await page(path);
      expect(other.response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(other.response.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
    }
  });
});
