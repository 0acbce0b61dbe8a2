import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ContentListResponse, FinalizeResponse } from "../../common/schemas/content";
import type { MyViewsResponse } from "../../common/schemas/my-views";
import type { PlaybackStartResponse } from "../../common/schemas/playback";
import { fixture } from "../test/fixtures";
import type { Browser } from "../test/http";
import { established, member } from "../test/members";
import { signUpload } from "../test/uploads";
import { earningsOf, runEarningsCron, watchPaced } from "../test/views";

// Only real media earns (docs/decisions/063): finalize measures the samples of the upload through the real
// API and R2, stores the verdict on the item and answers it; the item is published either way.

/** sign → PUT → finalize of `bytes`; the finalize answer. */
async function publish(browser: Browser, bytes: Uint8Array, name: string) {
  const contentType = name.endsWith(".mp3") ? "audio/mpeg" : "video/mp4";
  const signed = await signUpload(browser, name, contentType, bytes.byteLength);
  const put = await browser.fetch(signed.uploadUrl, {
    method: "PUT",
    body: bytes,
    headers: { "content-type": contentType },
  });
  expect(put.status, await put.clone().text()).toBe(200);
  const res = await browser.json("/api/content/finalize", "POST", {
    r2_key: signed.key,
    type: contentType === "audio/mpeg" ? "audio" : "video",
    title: `Floor ${name}`,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<FinalizeResponse>();
}

const stored = (id: string) =>
  env.DB.prepare(
    "select media_size, media_bytes_per_second, width, height, frame_rate, earn_block from content where id = ?",
  )
    .bind(id)
    .first<{
      media_size: number;
      media_bytes_per_second: number;
      width: number | null;
      height: number | null;
      frame_rate: number | null;
      earn_block: string | null;
    }>();

/** The one-frame 16×16 clip followed by a `free` box: 2 MB that say nothing about the media. */
function paddedOneFrame() {
  const head = fixture("one-frame-16x16.mp4");
  const bytes = new Uint8Array(2_000_000);
  bytes.set(head);
  new DataView(bytes.buffer).setUint32(head.length, bytes.length - head.length);
  bytes.set(new TextEncoder().encode("free"), head.length + 4);
  return bytes;
}

describe("finalize measures the media and stores whether it earns", () => {
  it("an old phone's clip and a 32 kbit/s podcast earn; the answer and the row say so", async () => {
    const { browser } = await member("floor-real");
    const clip = await publish(browser, fixture("old-phone-160x120.mp4"), "phone.mp4");
    expect(clip.earn_block).toBeNull();
    expect(await stored(clip.id)).toMatchObject({
      media_bytes_per_second: 2506,
      width: 160,
      height: 120,
      frame_rate: 12,
      earn_block: null,
    });
    const podcast = await publish(browser, fixture("podcast-32k.mp3"), "podcast.mp3");
    expect(podcast.earn_block).toBeNull();
    expect(await stored(podcast.id)).toMatchObject({
      media_bytes_per_second: 4030,
      width: null,
      height: null,
      frame_rate: null,
      earn_block: null,
    });
  });

  it("the one-frame 16×16 clip, bare or padded to 2 MB, is published but cannot earn", async () => {
    const { browser } = await member("floor-tiny");
    const bare = await publish(browser, fixture("one-frame-16x16.mp4"), "tiny16.mp4");
    const padded = await publish(browser, paddedOneFrame(), "padded16.mp4");
    for (const item of [bare, padded]) {
      expect(item.earn_block).toBe("small_picture");
      expect(await stored(item.id)).toMatchObject({
        media_bytes_per_second: 151,
        width: 16,
        height: 16,
        earn_block: "small_picture",
      });
      expect((await browser.fetch(`/api/content/${item.id}`)).status).toBe(200);
    }
    expect((await stored(padded.id))!.media_size).toBe(2_000_000);

    // My Content shows the block on each item; the studio reads the same list.
    const mine = await (await browser.fetch("/api/content/mine")).json<ContentListResponse>();
    expect(mine.items.map((i) => [i.id, i.earn_block]).sort()).toEqual(
      [
        [bare.id, "small_picture"],
        [padded.id, "small_picture"],
      ].sort(),
    );
  });

  it("a 1 fps slideshow, 6 s of black and an 8 kbit/s MP3 each miss their floor", async () => {
    const { browser } = await member("floor-thin");
    expect((await publish(browser, fixture("slideshow-1fps.mp4"), "slides.mp4")).earn_block).toBe("low_frame_rate");
    expect((await publish(browser, fixture("black-160x120.mp4"), "black.mp4")).earn_block).toBe("thin_media");
    expect((await publish(browser, fixture("thin-8k.mp3"), "thin.mp3")).earn_block).toBe("thin_media");
  });

  it("a 3 s item answers too_short (the earning rule, not stored: an admin may change it)", async () => {
    const { browser } = await member("floor-short");
    const short = await publish(browser, fixture("tiny.mp4"), "short.mp4");
    expect(short.earn_block).toBe("too_short");
    expect((await stored(short.id))!.earn_block).toBeNull();
  });

  it("a viewer's playback start says the item cannot earn, and why", async () => {
    const creator = await member("floor-creator");
    const viewer = await member("floor-viewer");
    const thin = await publish(creator.browser, fixture("one-frame-16x16.mp4"), "tiny16.mp4");
    const real = await publish(creator.browser, fixture("old-phone-160x120.mp4"), "phone.mp4");
    const start = async (contentId: string) => {
      const res = await viewer.browser.json("/api/playback-events", "POST", {
        content_id: contentId,
        event_type: "start",
        second_mark: 0,
        discovery_method: "browse",
        device_fingerprint: "fp-floor",
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return res.json<PlaybackStartResponse>();
    };
    expect(await start(thin.id)).toMatchObject({ earnable: false, reason: "small_picture" });
    expect(await start(real.id)).toMatchObject({ earnable: true });
  });

  it("a view of an item under a floor is paid nothing, on either side, and the views list says why", async () => {
    const creator = await established("floor-paid-creator");
    const viewer = await established("floor-paid-viewer");
    const thin = await publish(creator.browser, fixture("one-frame-16x16.mp4"), "tiny16.mp4");
    const real = await publish(creator.browser, fixture("old-phone-160x120.mp4"), "phone.mp4");
    expect((await watchPaced(viewer.browser, viewer.id, thin.id, 6000)).qualified).toBe(true);
    expect((await watchPaced(viewer.browser, viewer.id, real.id, 6000)).qualified).toBe(true);
    await runEarningsCron();

    // Only the real clip's view is paid: $0.003 to each side.
    expect(await earningsOf(viewer.id)).toEqual({ micros: 3000, n: 1 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 3000, n: 1 });
    const day = new Date().toISOString().slice(0, 10);
    for (const [who, as] of [
      [viewer, "viewer"],
      [creator, "creator"],
    ] as const) {
      const list = await (await who.browser.fetch(`/api/me/views?date=${day}&as=${as}`)).json<MyViewsResponse>();
      const byItem = Object.fromEntries(list.views.map((v) => [v.content_id, [v.outcome, v.reason]]));
      expect(byItem[thin.id], as).toEqual(["not_earned", "small_picture"]);
      expect(byItem[real.id]?.[0], as).toBe("pending");
    }
  });
});
