import { expect } from "vitest";
import type { FinalizeRequest, UploadSignResponse } from "../api-types";
import { fixture } from "./fixtures";
import type { Browser } from "./http";

export const CONTENT_TYPES: Record<string, string> = {
  "tiny.mp4": "video/mp4",
  "tiny.mp3": "audio/mpeg",
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
  const put = await browser.fetch(signed.uploadUrl, { method: "PUT", body: bytes, headers: { "content-type": contentType } });
  expect(put.status, await put.clone().text()).toBe(200);
  return signed.key;
}

/** Upload → finalize; returns the new content id. */
export async function publishFixture(browser: Browser, name: "tiny.mp4" | "tiny.mp3", extra: Partial<FinalizeRequest> = {}) {
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
