import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { makeContent } from "../test/factories";
import { member } from "../test/members";
import { Browser } from "../test/http";
import { serveSpa } from "./serve-spa";

// Previews, oEmbed and the embed's media (docs/decisions/099) read an item as a visitor, so its visibility
// (docs/decisions/094) decides for them too: a private or not-yet-published item leaks nothing through any of the
// three, even to its owner's request; an unlisted one, which anyone with its link may open, previews and embeds.

const GENERIC =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Reelpay</title></head><body><div id="root"></div></body></html>';
const testEnv = {
  ...env,
  ASSETS: {
    fetch: async () => new Response(GENERIC, { headers: { "content-type": "text/html; charset=utf-8" } }),
  } as unknown as Fetcher,
};
const head = async (path: string, cookie?: string) =>
  (
    await serveSpa(
      new Request(`http://localhost${path}`, { headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } }),
      testEnv,
      (r) => SELF.fetch(r),
    )
  ).text();
const visitor = new Browser();
const oembedStatus = async (id: string) =>
  (await visitor.fetch(`/api/oembed?url=${encodeURIComponent(`http://localhost/content/${id}`)}`)).status;
const mediaStatus = async (id: string) => (await visitor.fetch(`/api/embed/${id}/media`)).status;

describe("sharing follows an item's visibility", () => {
  it("a private or scheduled item: generic head, oEmbed 404, embed media 404, for any request", async () => {
    const creator = await member("share-private");
    const cookie = [...creator.browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const items = [
      await makeContent(creator.id, { title: "Private secret", visibility: "private" }),
      await makeContent(creator.id, { title: "Scheduled secret", visibility: "private", publishAt: inAnHour }),
    ];
    for (const item of items) {
      for (const html of [await head(`/content/${item.id}`), await head(`/content/${item.id}`, cookie)]) {
        expect(html).toContain("<title>Reelpay</title>");
        expect(html).not.toMatch(/secret|og:|twitter:|oembed/i);
      }
      expect(await oembedStatus(item.id)).toBe(404);
      expect(await mediaStatus(item.id)).toBe(404);
    }
  });

  it("an unlisted item previews and embeds for whoever has its link", async () => {
    const creator = await member("share-unlisted");
    const item = await makeContent(creator.id, { title: "By link only", visibility: "unlisted" });
    const html = await head(`/content/${item.id}`);
    expect(html).toContain('<meta property="og:title" content="By link only">');
    // Never listed or searched here, so search engines are asked not to index it either.
    expect(html).toContain('<meta name="robots" content="noindex">');
    const listed = await makeContent(creator.id, { title: "For everyone" });
    expect(await head(`/content/${listed.id}`)).not.toContain("noindex");
    expect(await oembedStatus(item.id)).toBe(200);
    expect(await mediaStatus(item.id)).toBe(200);
  });
});
