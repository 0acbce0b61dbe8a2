import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "./body-limit";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { bigMp4, signUpload } from "../test/uploads";

// docs/decisions/030: JSON bodies had no size limit outside the tracker (a 111 MB body was parsed).

const BIG = 111 * 1024 * 1024;

/** A body of `size` bytes of JSON-looking text, made chunk by chunk as it is read; counts what was pulled. */
function lazyBody(size: number, chunk = 64 * 1024) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const n = Math.min(chunk, size - sent);
      const bytes = new Uint8Array(n).fill(0x20);
      if (sent === 0) bytes[0] = 0x7b; // "{", so the body would parse as far as it goes
      sent += n;
      controller.enqueue(bytes);
    },
  });
  return { stream, pulled: () => sent };
}

const streamed = (
  browser: Browser,
  path: string,
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) =>
  browser.fetch(path, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
    // @ts-expect-error -- workerd accepts streaming request bodies; the DOM RequestInit type lacks `duplex`.
    duplex: "half",
  });

describe("request body limit", () => {
  it("refuses a 111 MB body announced by Content-Length with 413 and the house error shape, reading none of it", async () => {
    const browser = await signedInBrowser(uniqueEmail("big-body"));
    const body = lazyBody(BIG);
    const res = await streamed(browser, "/api/content/finalize", body.stream, { "content-length": String(BIG) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      code: "body_too_large",
      error: "The request body is too large: at most 64 KiB",
      requestId: expect.any(String),
    });
    expect(body.pulled()).toBeLessThan(BIG / 10);
  });

  it("refuses a body without Content-Length as soon as it passes the limit, on public routes too", async () => {
    const body = lazyBody(BIG);
    const res = await streamed(new Browser(), "/api/sessions", body.stream);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "body_too_large" });
    expect(body.pulled()).toBeLessThan(BIG / 10);
  });

  it("still reads bodies up to the limit, and leaves the upload PUT (streamed media) unlimited by it", async () => {
    const browser = await signedInBrowser(uniqueEmail("small-body"));
    // Just under the limit: read and validated (a 400 naming the field, not a 413).
    const padded = JSON.stringify({
      r2_key: "x",
      type: "video",
      title: "t",
      description: "d".repeat(MAX_BODY_BYTES - 200),
    });
    expect(padded.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const res = await browser.json("/api/content/finalize", "POST", JSON.parse(padded));
    expect(res.status).toBe(400);
    // A 200 KiB MP4 streams through the upload PUT as before.
    const bytes = bigMp4(200 * 1024);
    const signed = await signUpload(browser, "v.mp4", "video/mp4", bytes.byteLength);
    const put = await browser.fetch(signed.uploadUrl, {
      method: "PUT",
      body: bytes,
      headers: { "content-type": "video/mp4" },
    });
    expect(put.status, await put.clone().text()).toBe(200);
  });
});
