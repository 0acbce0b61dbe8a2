import { beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../test/fixtures";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { publishFixture } from "../test/uploads";

describe("GET /api/content/{id}/stream", () => {
  let viewer: Browser;
  let id: string;
  const bytes = fixture("tiny.mp4");
  const size = bytes.byteLength;

  beforeAll(async () => {
    const creator = await signedInBrowser(uniqueEmail("creator"));
    id = await publishFixture(creator, "tiny.mp4");
    viewer = await signedInBrowser(uniqueEmail("viewer"));
  });

  const get = (headers: Record<string, string> = {}, method = "GET") =>
    viewer.fetch(`/api/content/${id}/stream`, { method, headers });
  const body = async (res: Response) => new Uint8Array(await res.arrayBuffer());

  it("needs a session", async () => {
    expect((await new Browser().fetch(`/api/content/${id}/stream`)).status).toBe(401);
  });

  it("sends the whole file with its type, length and ETag", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("etag")).toMatch(/^".+"$/);
    expect(await body(res)).toEqual(bytes);
  });

  const ranges: [string, number, number][] = [
    ["bytes=0-99", 0, 99],
    [`bytes=${Math.floor(size / 2)}-${Math.floor(size / 2) + 1023}`, Math.floor(size / 2), Math.floor(size / 2) + 1023],
    ["bytes=-500", size - 500, size - 1],
    [`bytes=${size - 10}-`, size - 10, size - 1],
    [`bytes=100-${size + 5000}`, 100, size - 1],
  ];
  for (const [header, start, end] of ranges) {
    it(`answers ${header} with 206 and exactly those bytes`, async () => {
      const res = await get({ range: header });
      expect(res.status).toBe(206);
      expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get("content-length")).toBe(String(end - start + 1));
      expect(await body(res)).toEqual(bytes.subarray(start, end + 1));
    });
  }

  it("answers a range past the end with 416 and the size", async () => {
    const res = await get({ range: `bytes=${size}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${size}`);
  });

  it("ignores range syntax it does not serve and sends everything", async () => {
    const res = await get({ range: "bytes=0-1,5-9" });
    expect(res.status).toBe(200);
    expect((await body(res)).byteLength).toBe(size);
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await get({}, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(size));
    const ranged = await get({ range: "bytes=0-9" }, "HEAD");
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 0-9/${size}`);
  });

  it("sends the bytes even to If-None-Match (a 304 would prove no delivery: docs/decisions/029) and honours If-Range", async () => {
    const etag = (await get()).headers.get("etag")!;
    const revalidated = await get({ "if-none-match": etag, range: "bytes=0-9" });
    expect(revalidated.status).toBe(206);
    expect(await body(revalidated)).toEqual(bytes.subarray(0, 10));
    const same = await get({ range: "bytes=0-9", "if-range": etag });
    expect(same.status).toBe(206);
    const stale = await get({ range: "bytes=0-9", "if-range": '"some-older-version"' });
    expect(stale.status).toBe(200);
    expect((await body(stale)).byteLength).toBe(size);
  });

  it("answers 404 for unknown content", async () => {
    expect((await viewer.fetch("/api/content/01ARZ3NDEKTSV4RRFFQ69G5FAV/stream")).status).toBe(404);
  });
});
