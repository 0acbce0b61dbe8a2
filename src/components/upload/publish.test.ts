import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubFetch } from "../../test/fetch";
import { fakeVideoFrames } from "../../test/video-frame";
import { stubXhr } from "../../test/xhr";
import { STEP_HOLD_MS } from "./progress-steps";
import { publishBulkItem, publishSingle } from "./publish";
import { signUpload } from "../../test/upload-fixtures";
import { mp4File } from "../../test/media-files";

const noDetails = { title: "Clip", description: "", tags: "" };

function stubApi() {
  return stubFetch({
    "POST /api/uploads/sign": signUpload(),
    "POST /api/content/finalize": { body: { id: "c1", earn_block: null } },
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Runs an upload to its end under fake time; returns its result and each reported percent with its time. */
async function run<T>(publish: (onProgress: (p: number) => void) => Promise<T>) {
  const reported: { percent: number; at: number }[] = [];
  const done = publish((percent) => reported.push({ percent, at: Date.now() }));
  await vi.runAllTimersAsync();
  const result = await done;
  const held = reported.slice(1).map((r, i) => r.at - reported[i].at);
  return { result, steps: reported.map((r) => r.percent), held };
}

const finalizeBody = (fetchMock: ReturnType<typeof stubFetch>) =>
  JSON.parse(String(fetchMock.mock.calls.find(([url]) => url === "/api/content/finalize")?.[1]?.body));

describe("publishSingle", () => {
  it("reports 0, 33, 50, 75, 100 and resolves to the new id and its verdict", async () => {
    const fetchMock = stubApi();
    stubXhr();
    const file = new File(["ID3"], "song.mp3", { type: "audio/mpeg" });
    const thumbnail = new Blob(["jpg"], { type: "image/jpeg" });

    const { result, steps, held } = await run((p) =>
      publishSingle({ ...noDetails, tags: " a, ,b ", file, thumbnail }, p),
    );
    expect(result).toEqual({ id: "c1", earnBlock: null });
    // A tiny file's bytes arrive while 0 is still held, so the bar goes straight to the steps; each stays a moment.
    expect(steps).toEqual([0, 33, 50, 75, 100]);
    for (const ms of held) expect(ms).toBeGreaterThanOrEqual(STEP_HOLD_MS);
    expect(finalizeBody(fetchMock)).toEqual({
      r2_key: "k/song.mp3",
      type: "audio",
      title: "Clip",
      tags: ["a", "b"],
      thumbnail_key: "k/thumb_song.jpg",
    });
  });

  it("moves the bar with the media's bytes once the step before has been seen", async () => {
    stubApi();
    const puts = stubXhr(() => undefined);
    const reported: number[] = [];
    // 1000 bytes that open with an ID3 tag, as an MP3 does (the bytes are checked before sending).
    const bytes = new Uint8Array(1000);
    bytes.set([0x49, 0x44, 0x33]);
    const file = new File([bytes], "long.mp3", { type: "audio/mpeg" });
    const done = publishSingle({ ...noDetails, file, thumbnail: null }, (p) => reported.push(p));
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    puts[0].progress(250, 1000);
    // 0 was shown a moment ago: it stays.
    expect(reported).toEqual([0]);
    await vi.advanceTimersByTimeAsync(STEP_HOLD_MS);
    puts[0].progress(500, 1000);
    expect(reported).toEqual([0, 16]);
    puts[0].respond(200);
    await vi.runAllTimersAsync();
    await done;
    expect(reported).toEqual([0, 16, 32, 33, 50, 75, 100]);
  });
});

describe("publishBulkItem", () => {
  it("reports 0, 25 once signed, 50, 75, 100 and generates a thumbnail for a video", async () => {
    const { videos } = fakeVideoFrames({ duration: 10 });
    const fetchMock = stubApi();
    const puts = stubXhr();
    const file = mp4File("trip.mp4");

    const { steps, held } = await run((p) =>
      publishBulkItem({ ...noDetails, description: "Road", file, thumbnailFile: null }, p),
    );
    expect(steps).toEqual([0, 25, 50, 75, 100]);
    for (const ms of held) expect(ms).toBeGreaterThanOrEqual(STEP_HOLD_MS);
    expect(videos[0].seeks).toEqual([1]);
    expect(puts.map((p) => p.url)).toEqual(["/put/trip.mp4", "/put/thumb_trip.jpg"]);
    expect(finalizeBody(fetchMock)).toMatchObject({ description: "Road", thumbnail_key: "k/thumb_trip.jpg" });
  });

  it("goes on without a thumbnail when no frame can be taken", async () => {
    fakeVideoFrames({ behaviour: "load-error" });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetchMock = stubApi();
    stubXhr();
    const file = mp4File("broken.mp4");

    expect((await run((p) => publishBulkItem({ ...noDetails, file, thumbnailFile: null }, p))).result).toEqual({
      id: "c1",
      earnBlock: null,
    });
    expect(finalizeBody(fetchMock)).not.toHaveProperty("thumbnail_key");
    expect(String(warn.mock.calls[0][1])).toContain("Failed to load video");
  });
});
