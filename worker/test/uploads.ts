import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { ContentFinalizeBody } from "../../common/schemas/content";
import type { UploadSignResponse } from "../../common/schemas/uploads";
import { fixture } from "./fixtures";
import type { Browser } from "./http";

const CONTENT_TYPES: Record<string, string> = {
  "tiny.mp4": "video/mp4",
  "tiny.mp3": "audio/mpeg",
  "clip-6s.mp4": "video/mp4",
  "thumb.jpg": "image/jpeg",
  "not-media.mp4": "video/mp4",
};

export async function signUpload(browser: Browser, filename: string, contentType: string, fileSize: number) {
  const res = await browser.json("/api/uploads/sign", "POST", { filename, contentType, fileSize });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<UploadSignResponse>();
}

/** sign → PUT of a fixture file, as the SPA does; returns the key. */
export async function uploadFixture(browser: Browser, name: string, contentType = CONTENT_TYPES[name]!) {
  const bytes = fixture(name);
  const signed = await signUpload(browser, name, contentType, bytes.byteLength);
  const put = await browser.fetch(signed.uploadUrl, {
    method: "PUT",
    body: bytes,
    headers: { "content-type": contentType },
  });
  expect(put.status, await put.clone().text()).toBe(200);
  return signed.key;
}

/** Upload → finalize; returns the new content id. */
export async function publishFixture(
  browser: Browser,
  name: "tiny.mp4" | "tiny.mp3" | "clip-6s.mp4",
  extra: Partial<ContentFinalizeBody> = {},
) {
  const key = await uploadFixture(browser, name);
  const res = await browser.json("/api/content/finalize", "POST", {
    r2_key: key,
    type: name.endsWith(".mp4") ? "video" : "audio",
    title: `Test ${name}`,
    ...extra,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<{ id: string }>()).id;
}

/**
 * A copy of an MP4 of the same size whose duration is `factor` times longer: every timescale (mvhd, mdhd)
 * divided by `factor`, so all declared durations stay consistent with each other. Used to swap a short
 * clip for a longer one of exactly the same size.
 */
export function stretchedMp4(bytes: Uint8Array, factor: number) {
  const out = bytes.slice();
  const data = new DataView(out.buffer);
  const containers = new Set(["moov", "trak", "mdia"]);
  const walk = (start: number, end: number) => {
    for (let at = start; at + 8 <= end;) {
      const size = data.getUint32(at);
      const type = String.fromCharCode(...out.subarray(at + 4, at + 8));
      if (size < 8) throw new Error(`stretchedMp4: unsupported box size at ${at}`);
      if (containers.has(type)) walk(at + 8, at + size);
      if (type === "mvhd" || type === "mdhd") {
        const timescaleAt = at + 8 + (out[at + 8] === 1 ? 20 : 12);
        const timescale = data.getUint32(timescaleAt);
        if (timescale % factor)
          throw new Error(`stretchedMp4: ${type} timescale ${timescale} is not divisible by ${factor}`);
        data.setUint32(timescaleAt, timescale / factor);
      }
      at += size;
    }
  };
  walk(0, out.byteLength);
  return out;
}

/**
 * A PUT whose body arrives in two steps, like a slow connection: the first `headBytes` at once (enough for
 * the magic bytes), the rest only after `release()`. Lets a test hold one PUT open while others run.
 */
export function heldPut(browser: Browser, url: string, bytes: Uint8Array, contentType: string, headBytes = 1024) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (first) {
        first = false;
        controller.enqueue(bytes.slice(0, headBytes));
        return;
      }
      await released;
      controller.enqueue(bytes.slice(headBytes));
      controller.close();
    },
  });
  const response = browser.fetch(url, {
    method: "PUT",
    body,
    headers: { "content-type": contentType, "content-length": String(bytes.byteLength) },
    // @ts-expect-error -- workerd accepts streaming request bodies; the DOM RequestInit type lacks `duplex`.
    duplex: "half",
  });
  return { response, release };
}

/** The stored status of an upload, straight from D1. */
export async function uploadStatus(key: string) {
  return (
    (await env.DB.prepare("select status from uploads where key = ?").bind(key).first<{ status: string }>())?.status ??
    null
  );
}

/** Waits until the upload's row has `status`, or gives up after `ms` (the caller's next assertion then tells). */
export async function waitForStatus(key: string, status: string, ms = 5000) {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 10))) {
    if ((await uploadStatus(key)) === status) return true;
  }
  return false;
}

/** A valid MP4 of `size` bytes (above the multipart threshold): the tiny clip followed by a `free` box filling the rest. */
export function bigMp4(size: number) {
  const head = fixture("tiny.mp4");
  const bytes = new Uint8Array(size);
  bytes.set(head);
  const rest = size - head.byteLength;
  new DataView(bytes.buffer).setUint32(head.byteLength, rest);
  bytes.set(new TextEncoder().encode("free"), head.byteLength + 4);
  return bytes;
}
