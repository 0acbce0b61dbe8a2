import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { OembedJson } from "../../common/schemas/oembed";
import { makeContent, makeUser } from "../test/factories";
import { fixture } from "../test/fixtures";
import { Browser } from "../test/http";
import { calculate, member } from "../test/members";
import { takeDown } from "../test/moderation";
import { startOfAWindow, WINDOW_TEST_TIMEOUT_MS } from "../test/rate-window";
import { deleteItem } from "../test/deletion";
import { deliveredRanges, earningsOf, passTime, sendProgress, startView, streamMedia } from "../test/views";
import { EMBED_MEDIA_PER_MINUTE, OEMBED_PER_MINUTE } from "../middleware/rate-limit";

// Sharing beyond the site (docs/decisions/099): oEmbed answers as to a visitor, the embed page's media plays for
// anyone an item a visitor may open, and nothing played through an embed is counted, for anyone.

const KIB = 1024;
const ORIGIN = "http://localhost";
const visitor = new Browser();

const oembed = (query: string, headers: Record<string, string> = {}) =>
  visitor.fetch(`/api/oembed?${query}`, { headers });
const urlOf = (path: string) => `url=${encodeURIComponent(`${ORIGIN}${path}`)}`;

describe("GET /api/oembed", () => {
  let creator: Awaited<ReturnType<typeof member>>;
  let item: Awaited<ReturnType<typeof makeContent>>;
  beforeAll(async () => {
    creator = await member("oembed-creator");
    item = await makeContent(creator.id, { title: 'Night "Drive" </title> 🚗' });
  });

  it("answers an item with a 640×360 player of its embed page, its author and the provider", async () => {
    const res = await oembed(`${urlOf(`/content/${item.id}`)}&format=json`);
    expect(res.status).toBe(200);
    const body = await res.json<OembedJson>();
    expect(body).toMatchObject({
      type: "video",
      version: "1.0",
      title: 'Night "Drive" </title> 🚗',
      author_url: `${ORIGIN}/creator/${creator.id}`,
      provider_name: "Reelpay",
      provider_url: `${ORIGIN}/`,
      width: 640,
      height: 360,
    });
    if (body.type !== "video") throw new Error("not a video");
    expect(body.html).toBe(
      `<iframe src="${ORIGIN}/embed/${item.id}" width="640" height="360" frameborder="0" ` +
        `allow="autoplay; fullscreen; picture-in-picture" allowfullscreen ` +
        `title="Night &quot;Drive&quot; &lt;/title&gt; 🚗"></iframe>`,
    );
  });

  it("fits the player 16:9 inside maxwidth and maxheight", async () => {
    const sized = async (q: string) => {
      const body = await (
        await oembed(`${urlOf(`/content/${item.id}`)}&${q}`)
      ).json<{ width: number; height: number }>();
      return [body.width, body.height];
    };
    expect(await sized("maxwidth=480")).toEqual([480, 270]);
    expect(await sized("maxwidth=1000&maxheight=180")).toEqual([320, 180]);
    expect(await sized("maxwidth=2000")).toEqual([640, 360]);
    // Any room is a size: a million pixels gets the default, a small slot a box that fits it.
    expect(await sized("maxwidth=1000000")).toEqual([640, 360]);
    expect(await sized("maxheight=50")).toEqual([88, 50]);
  });

  it("accepts the embed page's own address too", async () => {
    const res = await oembed(urlOf(`/embed/${item.id}`));
    expect(res.status).toBe(200);
    expect((await res.json<OembedJson>()).type).toBe("video");
  });

  it("answers a creator and a public playlist with a link card", async () => {
    const creatorRes = await oembed(urlOf(`/creator/${creator.id}`));
    expect(creatorRes.status).toBe(200);
    expect(await creatorRes.json()).toMatchObject({ type: "link", author_url: `${ORIGIN}/creator/${creator.id}` });
    const made = await creator.browser.json("/api/playlists", "POST", { title: "Road songs", visibility: "public" });
    const list = await made.json<{ id: string }>();
    const listRes = await oembed(urlOf(`/playlist/${list.id}`));
    expect(listRes.status).toBe(200);
    expect(await listRes.json()).toMatchObject({ type: "link", title: "Road songs" });
  });

  it("gives the thumbnail with its size, read from the image: an item's, a creator's avatar, a playlist's", async () => {
    // oEmbed 1.0: thumbnail_url, thumbnail_width and thumbnail_height come together (docs/decisions/105).
    const stored = async (name: string) => {
      const key = `test/oembed/${crypto.randomUUID()}/${name}`;
      await env.MEDIA.put(key, fixture(name));
      return key;
    };
    const owner = await makeUser({ avatarKey: await stored("image-lossless.webp") });
    const pictured = await makeContent(owner.id, { thumbnailKey: await stored("thumb.jpg") });
    const itemBody = await (await oembed(urlOf(`/content/${pictured.id}`))).json<OembedJson>();
    expect(itemBody).toMatchObject({ thumbnail_width: 320, thumbnail_height: 180 });
    expect(itemBody.thumbnail_url).toMatch(new RegExp(`^${ORIGIN}/api/content/${pictured.id}/thumbnail\\?v=`));

    const ownerBody = await (await oembed(urlOf(`/creator/${owner.id}`))).json<OembedJson>();
    expect(ownerBody).toMatchObject({ type: "link", thumbnail_width: 33, thumbnail_height: 21 });
    expect(ownerBody.thumbnail_url).toMatch(new RegExp(`^${ORIGIN}/api/users/${owner.id}/avatar`));

    const gif = await makeContent(creator.id, { thumbnailKey: await stored("image.gif") });
    const made = await creator.browser.json("/api/playlists", "POST", { title: "Pictured", visibility: "public" });
    const list = await made.json<{ id: string }>();
    expect((await creator.browser.json(`/api/playlists/${list.id}/items`, "POST", { content_id: gif.id })).status).toBe(
      200,
    );
    expect(await (await oembed(urlOf(`/playlist/${list.id}`))).json()).toMatchObject({
      type: "link",
      thumbnail_url: expect.stringContaining(`/api/content/${gif.id}/thumbnail`),
      thumbnail_width: 32,
      thumbnail_height: 24,
    });
  });

  it("leaves all three thumbnail fields out when the image's size cannot be read, or there is no image", async () => {
    const notAnImage = `test/oembed/${crypto.randomUUID()}/broken.jpg`;
    await env.MEDIA.put(notAnImage, new TextEncoder().encode("not an image at all"));
    for (const thumbnailKey of [notAnImage, `test/oembed/${crypto.randomUUID()}/missing.png`, null]) {
      const listed = await makeContent(creator.id, { thumbnailKey });
      const body = await (await oembed(urlOf(`/content/${listed.id}`))).json<OembedJson>();
      expect(body.type, String(thumbnailKey)).toBe("video");
      for (const field of ["thumbnail_url", "thumbnail_width", "thumbnail_height"])
        expect(body, `${String(thumbnailKey)} ${field}`).not.toHaveProperty(field);
    }
  });

  it("answers 400 in words for a missing or broken url and for sizes that are not positive whole numbers", async () => {
    for (const [query, words] of [
      ["", "url is required"],
      ["url=not%20a%20url", "url must be a full address"],
      [`${urlOf(`/content/${item.id}`)}&maxwidth=0`, "maxwidth must be a positive whole number"],
      [`${urlOf(`/content/${item.id}`)}&maxheight=-5`, "maxheight must be a positive whole number"],
      [`${urlOf(`/content/${item.id}`)}&maxwidth=12.5`, "maxwidth must be a positive whole number"],
    ]) {
      const res = await oembed(query!);
      expect(res.status, query).toBe(400);
      expect((await res.json<{ error: string }>()).error).toContain(words);
    }
  });

  it("answers 501 for a format other than json", async () => {
    const res = await oembed(`${urlOf(`/content/${item.id}`)}&format=xml`);
    expect(res.status).toBe(501);
    expect((await res.json<{ error: string }>()).error).toBe("Only format=json is offered");
  });

  it("answers 404 for another site, another page, an unknown id, and what a visitor may not open", async () => {
    const hidden = await makeContent(creator.id);
    await takeDown(hidden.id);
    const deleted = await makeContent(creator.id);
    await deleteItem(creator.browser, deleted.id);
    const made = await creator.browser.json("/api/playlists", "POST", { title: "Secret", visibility: "private" });
    const privateList = await made.json<{ id: string }>();
    for (const query of [
      `url=${encodeURIComponent(`https://elsewhere.example/content/${item.id}`)}`,
      urlOf("/wallet"),
      urlOf("/content/01ARZ3NDEKTSV4RRFFQ69G5FAV"),
      urlOf(`/content/${hidden.id}`),
      urlOf(`/content/${deleted.id}`),
      urlOf(`/playlist/${privateList.id}`),
    ]) {
      expect((await oembed(query)).status, query).toBe(404);
    }
    // The creator asking with their session still gets the visitor's answer: another site shows it to everyone.
    expect((await creator.browser.fetch(`/api/oembed?${urlOf(`/content/${hidden.id}`)}`)).status).toBe(404);
    expect((await creator.browser.fetch(`/api/oembed?${urlOf(`/playlist/${privateList.id}`)}`)).status).toBe(404);
  });

  it(
    "answers 429 past the per-address limit",
    async () => {
      await startOfAWindow();
      const headers = { "cf-connecting-ip": "198.51.100.77" };
      for (let i = 0; i < OEMBED_PER_MINUTE; i++) {
        expect((await oembed(urlOf(`/content/${item.id}`), headers)).status).toBe(200);
      }
      const refused = await oembed(urlOf(`/content/${item.id}`), headers);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      // Another address is not held back.
      expect((await oembed(urlOf(`/content/${item.id}`), { "cf-connecting-ip": "198.51.100.78" })).status).toBe(200);
    },
    WINDOW_TEST_TIMEOUT_MS,
  );
});

describe("GET /api/embed/{id}/media", () => {
  it("plays a public item to a visitor, with Range", async () => {
    const creator = await member("embed-creator");
    const item = await makeContent(creator.id, { mediaSize: 4 * KIB });
    const whole = await visitor.fetch(`/api/embed/${item.id}/media`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect((await whole.arrayBuffer()).byteLength).toBe(4 * KIB);
    const part = await visitor.fetch(`/api/embed/${item.id}/media`, { headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${4 * KIB}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    // The stream route still needs a session: only the embed's route is open.
    expect((await visitor.fetch(`/api/content/${item.id}/stream`)).status).toBe(401);
  });

  it("answers 404 for a hidden or deleted item, even to its creator", async () => {
    const creator = await member("embed-hidden");
    const hidden = await makeContent(creator.id);
    await takeDown(hidden.id);
    const deleted = await makeContent(creator.id);
    await deleteItem(creator.browser, deleted.id);
    for (const id of [hidden.id, deleted.id, "01ARZ3NDEKTSV4RRFFQ69G5FAV"]) {
      expect((await visitor.fetch(`/api/embed/${id}/media`)).status, id).toBe(404);
    }
    expect((await creator.browser.fetch(`/api/embed/${hidden.id}/media`)).status).toBe(404);
  });

  it(
    "answers 429 past the per-address limit",
    async () => {
      const creator = await member("embed-limit");
      const item = await makeContent(creator.id, { mediaSize: 16 });
      await startOfAWindow();
      const headers = { "cf-connecting-ip": "198.51.100.90", range: "bytes=0-1" };
      for (let i = 0; i < EMBED_MEDIA_PER_MINUTE; i++) {
        const res = await visitor.fetch(`/api/embed/${item.id}/media`, { headers });
        expect(res.status).toBe(206);
        await res.arrayBuffer();
      }
      expect((await visitor.fetch(`/api/embed/${item.id}/media`, { headers })).status).toBe(429);
      // Counted by the Workers rate limiter, not in D1: a Range request of an embed writes no row.
      const rows = await env.DB.prepare("select count(*) as n from rate_limits where key like 'embed-media%'").first<{
        n: number;
      }>();
      expect(rows!.n).toBe(0);
      // Another address is not held back.
      const other = await visitor.fetch(`/api/embed/${item.id}/media`, {
        headers: { "cf-connecting-ip": "198.51.100.91", range: "bytes=0-1" },
      });
      expect(other.status).toBe(206);
    },
    WINDOW_TEST_TIMEOUT_MS * 2,
  );
});

describe("an embedded view earns nothing, for anyone", () => {
  /** Progress at 1× speed, one event a second of server time, the last one `complete`. */
  async function paceEverySecond(
    viewer: Awaited<ReturnType<typeof member>>,
    contentId: string,
    viewId: string,
    from: number,
    to: number,
  ) {
    let qualified = false;
    for (let s = from + 1; s <= to; s++) {
      await passTime(viewer.id, 1000);
      const res = await sendProgress(viewer.browser, contentId, s, viewId, s === to ? "complete" : "progress");
      expect(res.status).toBe(200);
      qualified = res.body.qualified;
    }
    return qualified;
  }

  it("a member who takes the whole file through the embed's route and paces a view to its end is paid $0, as is the creator", async () => {
    const creator = await member("embed-money-creator");
    const farm = await member("embed-farm");
    const item = await makeContent(creator.id, { durationMs: 20_000, mediaSize: 200 * KIB });
    const view = await startView(farm.browser, item.id);
    // With the member's own session cookie: the embed's route still counts nothing.
    const res = await farm.browser.fetch(`/api/embed/${item.id}/media`);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(200 * KIB);
    expect(await deliveredRanges(farm.id, item.id)).toEqual([]);
    expect(await paceEverySecond(farm, item.id, view, 0, 20)).toBe(false);
    await calculate(farm.browser);
    await calculate(creator.browser);
    expect(await earningsOf(farm.id)).toEqual({ micros: 0, n: 0 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 0, n: 0 });
    // The same pacing after the stream route's delivery does qualify: it is the embed's route that proves nothing.
    await streamMedia(farm.browser, item.id);
    expect((await deliveredRanges(farm.id, item.id)).length).toBeGreaterThan(0);
    for (const who of [farm, creator]) {
      const wallet = await who.browser.fetch("/api/me/wallet");
      expect(wallet.status).toBe(200);
      expect(await wallet.json()).toMatchObject({ viewer_earnings: 0, creator_earnings: 0 });
    }
  });

  it("visitors playing through the embed leave no view and no earning", async () => {
    const creator = await member("embed-visitor-creator");
    const item = await makeContent(creator.id, { durationMs: 20_000, mediaSize: 64 * KIB });
    for (let i = 0; i < 5; i++) {
      const res = await visitor.fetch(`/api/embed/${item.id}/media`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const views = await env.DB.prepare("select count(*) as n from views where content_id = ?")
      .bind(item.id)
      .first<{ n: number }>();
    expect(views!.n).toBe(0);
    await calculate(creator.browser);
    expect(await earningsOf(creator.id)).toEqual({ micros: 0, n: 0 });
  });

  it("a view started at ?t= half-way does not earn by reaching the end", async () => {
    const creator = await member("share-t-creator");
    const viewer = await member("share-t-viewer");
    const item = await makeContent(creator.id, { durationMs: 20_000, mediaSize: 200 * KIB });
    const view = await startView(viewer.browser, item.id);
    // The honest stream route, the whole file: delivery is proven; only the watching is short.
    await streamMedia(viewer.browser, item.id);
    // The player seeks to 10 s (the shared link's ?t=) and plays the second half at 1×.
    expect(await paceEverySecond(viewer, item.id, view, 10, 20)).toBe(false);
    await calculate(viewer.browser);
    expect(await earningsOf(viewer.id)).toEqual({ micros: 0, n: 0 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 0, n: 0 });
    // The same item watched from the start does qualify: it is the skipped half that is not paid.
    const honest = await member("share-t-honest");
    const honestView = await startView(honest.browser, item.id);
    await streamMedia(honest.browser, item.id);
    expect(await paceEverySecond(honest, item.id, honestView, 0, 20)).toBe(true);
  });
});
