import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ContentItemJson } from "../../common/schemas/content";
import type { StoryboardJson } from "../../common/schemas/storyboards";
import { makeContent } from "../test/factories";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { takeDown } from "../test/moderation";
import { signUpload, uploadStatus } from "../test/uploads";
import { deleteItem, purgeAt } from "../test/deletion";
import { addMs, nowIso } from "../lib/time";
import { jpegSize } from "../domain/storyboards/jpeg-size";

// Seek previews (docs/decisions/102): a JPEG sprite the browser draws, checked against the layout it claims (its own
// header's size, the item's duration), set and removed by the creator or an admin, served to whoever may open the
// item.

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;

/** A JPEG's start as a camera writes it: SOI, a JFIF APP0, then the frame header with the size; enough to sniff. */
function jpeg(width: number, height: number, padding = 64) {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03];
  const components = [0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01];
  return new Uint8Array([
    0xff,
    0xd8,
    ...app0,
    ...sof0,
    ...components,
    ...new Array<number>(padding).fill(0),
    0xff,
    0xd9,
  ]);
}

async function upload(b: Browser, bytes: Uint8Array, contentType = "image/jpeg", filename = "board.jpg") {
  const signed = await signUpload(b, filename, contentType, bytes.byteLength);
  const put = await b.fetch(signed.uploadUrl, { method: "PUT", body: bytes, headers: { "content-type": contentType } });
  expect(put.status, await put.clone().text()).toBe(200);
  return signed.key;
}

/** The layout of a 10-second item: one frame every 2 s, 5 frames in one row. */
const LAYOUT = { interval_ms: 2000, columns: 5, rows: 1, frame_width: 160, frame_height: 90, count: 5 };

const put = (b: Browser, id: string, body: unknown) => b.json(`/api/content/${id}/storyboard`, "PUT", body);
const item = async (b: Browser, id: string) => (await b.fetch(`/api/content/${id}`)).json<ContentItemJson>();
const messageOf = async (res: Response) => (await res.json<{ error: string }>()).error;

async function scene(overrides: Parameters<typeof makeContent>[1] = {}) {
  const creator = await signedInBrowser(uniqueEmail("creator"));
  const row = await makeContent(await idOf(creator), { durationMs: 10_000, ...overrides });
  return { creator, row, member: await signedInBrowser(uniqueEmail("member")), anonymous: new Browser() };
}

describe("seek previews", () => {
  it("reads a JPEG's size from its frame header, and nothing from bytes that are not one", () => {
    expect(jpegSize(jpeg(1600, 900))).toEqual({ width: 1600, height: 900 });
    expect(jpegSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(jpegSize(jpeg(1600, 900).subarray(0, 24))).toBeNull();
  });

  it("the creator sets them: the item carries the layout, anyone may load the sprite, immutable at its version", async () => {
    const s = await scene();
    const key = await upload(s.creator, jpeg(800, 90));
    const res = await put(s.creator, s.row.id, { image_key: key, ...LAYOUT });
    expect(res.status, await res.clone().text()).toBe(200);
    const board = await res.json<StoryboardJson>();
    expect(board).toMatchObject(LAYOUT);
    expect(board.url).toMatch(new RegExp(`^/api/content/${s.row.id}/storyboard\\?v=\\d+$`));
    expect((await item(s.member, s.row.id)).storyboard).toEqual(board);
    // The upload is used, and its bytes now live under the item's prefix.
    expect(await uploadStatus(key)).toBe("finalized");
    expect(await env.MEDIA.head(key)).toBeNull();

    const image = await s.anonymous.fetch(board.url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("cache-control")).toContain("immutable");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(jpeg(800, 90));
    // An old or missing version is sent to the current address.
    const stale = await s.anonymous.fetch(`/api/content/${s.row.id}/storyboard`);
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toBe(board.url);
  });

  it("an item without seek previews answers null, and its address 404", async () => {
    const s = await scene();
    expect((await item(s.member, s.row.id)).storyboard).toBeNull();
    expect((await s.member.fetch(`/api/content/${s.row.id}/storyboard`)).status).toBe(404);
  });

  it("replaces the sprite (the old image goes) and removes it", async () => {
    const s = await scene();
    expect(
      (await put(s.creator, s.row.id, { image_key: await upload(s.creator, jpeg(800, 90)), ...LAYOUT })).status,
    ).toBe(200);
    const second = { interval_ms: 2000, columns: 2, rows: 3, frame_width: 160, frame_height: 90, count: 5 };
    const res = await put(s.creator, s.row.id, { image_key: await upload(s.creator, jpeg(320, 270)), ...second });
    expect(res.status, await res.clone().text()).toBe(200);
    const keys = (await env.MEDIA.list({ prefix: `storyboards/${s.row.id}/` })).objects;
    expect(keys).toHaveLength(1);
    expect((await item(s.anonymous, s.row.id)).storyboard).toMatchObject(second);

    expect((await s.creator.fetch(`/api/content/${s.row.id}/storyboard`, { method: "DELETE" })).status).toBe(200);
    expect((await item(s.anonymous, s.row.id)).storyboard).toBeNull();
    expect((await env.MEDIA.list({ prefix: `storyboards/${s.row.id}/` })).objects).toHaveLength(0);
    const again = await s.creator.fetch(`/api/content/${s.row.id}/storyboard`, { method: "DELETE" });
    expect(again.status).toBe(404);
  });

  it("refuses a sprite whose real size is not the grid's, in words", async () => {
    const s = await scene();
    const res = await put(s.creator, s.row.id, { image_key: await upload(s.creator, jpeg(1600, 900)), ...LAYOUT });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(
      "image_key: the image is 1600 × 900 pixels, but 5 columns of 160 and 1 rows of 90 make 800 × 90",
    );
    expect((await item(s.creator, s.row.id)).storyboard).toBeNull();
  });

  it("refuses numbers that disagree with each other or with the item, in words", async () => {
    const s = await scene();
    const key = await upload(s.creator, jpeg(800, 90));
    const cases: [Record<string, number>, string][] = [
      [{ count: 6 }, "count: 6 frames do not fit in 5 columns × 1 rows"],
      [{ rows: 2 }, "rows: 5 frames in 5 columns fill 1 rows, not 2"],
      [{ interval_ms: 3000 }, "count: 5 frames every 3000 ms run past the item's end (10000 ms)"],
      [{ interval_ms: 1000 }, "count: 5 frames every 1000 ms stop before the item's end (10000 ms)"],
      [{ frame_width: 4000 }, "frame_width must be at most 320"],
      [{ columns: 2.5 }, "columns must be a whole number"],
    ];
    for (const [change, message] of cases) {
      const res = await put(s.creator, s.row.id, { image_key: key, ...LAYOUT, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(await res.text()).toContain(message);
    }
    expect((await put(s.creator, s.row.id, { ...LAYOUT })).status).toBe(400);
    // None of them used the upload.
    expect(await uploadStatus(key)).toBe("uploaded");
  });

  it("refuses an image that is not a JPEG, another member's upload and one already used (409 upload_used)", async () => {
    const s = await scene();
    const png = await upload(
      s.creator,
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(64).fill(0)]),
      "image/png",
      "b.png",
    );
    const notJpeg = await put(s.creator, s.row.id, { image_key: png, ...LAYOUT });
    expect(notJpeg.status).toBe(400);
    expect(await messageOf(notJpeg)).toBe("image_key: seek previews must be a JPEG image");

    const theirs = await upload(s.member, jpeg(800, 90));
    expect((await put(s.creator, s.row.id, { image_key: theirs, ...LAYOUT })).status).toBe(403);

    const key = await upload(s.creator, jpeg(800, 90));
    expect((await put(s.creator, s.row.id, { image_key: key, ...LAYOUT })).status).toBe(200);
    const used = await put(s.creator, s.row.id, { image_key: key, ...LAYOUT });
    expect(used.status).toBe(409);
    expect((await used.json<{ code: string }>()).code).toBe("upload_used");
  });

  it("only the creator or an admin sets or removes them; an audio item has none", async () => {
    const s = await scene();
    const mine = await upload(s.member, jpeg(800, 90));
    expect((await put(s.member, s.row.id, { image_key: mine, ...LAYOUT })).status).toBe(403);
    expect(
      (await s.anonymous.json(`/api/content/${s.row.id}/storyboard`, "PUT", { image_key: mine, ...LAYOUT })).status,
    ).toBe(401);
    expect(
      (await put(s.creator, s.row.id, { image_key: await upload(s.creator, jpeg(800, 90)), ...LAYOUT })).status,
    ).toBe(200);
    expect((await s.member.fetch(`/api/content/${s.row.id}/storyboard`, { method: "DELETE" })).status).toBe(403);

    const admin = await signedInBrowser("admin@example.com");
    const byAdmin = await put(admin, s.row.id, { image_key: await upload(admin, jpeg(800, 90)), ...LAYOUT });
    expect(byAdmin.status, await byAdmin.clone().text()).toBe(200);

    const audio = await makeContent(await idOf(s.creator), { type: "audio", durationMs: 10_000 });
    const res = await put(s.creator, audio.id, { image_key: await upload(s.creator, jpeg(800, 90)), ...LAYOUT });
    expect(res.status).toBe(400);
    expect((await res.json<{ code: string }>()).code).toBe("storyboard_audio");
  });

  it("a private or taken-down item's seek previews are 404 to others, never kept; a deleted item's to everyone, and purged", async () => {
    const s = await scene({ visibility: "private" });
    const res = await put(s.creator, s.row.id, { image_key: await upload(s.creator, jpeg(800, 90)), ...LAYOUT });
    expect(res.status).toBe(200);
    const { url } = await res.json<StoryboardJson>();
    expect((await s.member.fetch(url)).status).toBe(404);
    expect((await s.anonymous.fetch(url)).status).toBe(404);
    const own = await s.creator.fetch(url);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");

    const pub = await scene();
    const made = await put(pub.creator, pub.row.id, { image_key: await upload(pub.creator, jpeg(800, 90)), ...LAYOUT });
    const board = await made.json<StoryboardJson>();
    await takeDown(pub.row.id);
    expect((await pub.member.fetch(board.url)).status).toBe(404);

    const gone = await scene();
    const b = await (
      await put(gone.creator, gone.row.id, { image_key: await upload(gone.creator, jpeg(800, 90)), ...LAYOUT })
    ).json<StoryboardJson>();
    await deleteItem(gone.creator, gone.row.id);
    expect((await gone.creator.fetch(b.url)).status).toBe(404);
    await purgeAt(addMs(nowIso(), 30 * 24 * 3600 * 1000));
    expect((await env.MEDIA.list({ prefix: `storyboards/${gone.row.id}/` })).objects).toHaveLength(0);
  });
});
