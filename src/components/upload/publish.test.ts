import { describe, expect, it, vi } from "vitest";
import { stubFetch } from "../../test/fetch";
import { fakeVideoFrames } from "../../test/video-frame";
import { stubXhr } from "../../test/xhr";
import { publishBulkItem, publishSingle } from "./publish";

const noDetails = { title: "Clip", description: "", tags: "" };

function stubApi() {
  return stubFetch({
    "POST /api/uploads/sign": (init) => {
      const { filename } = JSON.parse(String(init?.body)) as { filename: string };
      return { body: { key: `k/${filename}`, uploadUrl: `/put/${filename}`, multipart: null } };
    },
    "POST /api/content/finalize": { body: { id: "c1" } },
  });
}

const finalizeBody = (fetchMock: ReturnType<typeof stubFetch>) =>
  JSON.parse(String(fetchMock.mock.calls.find(([url]) => url === "/api/content/finalize")?.[1]?.body));

describe("publishSingle", () => {
  it("reports 0, 33, 50, 75, 100 and resolves to the new id", async () => {
    const fetchMock = stubApi();
    stubXhr();
    const steps: number[] = [];
    const file = new File(["ID3"], "song.mp3", { type: "audio/mpeg" });
    const thumbnail = new Blob(["jpg"], { type: "image/jpeg" });

    const id = await publishSingle({ ...noDetails, tags: " a, ,b ", file, thumbnail }, (p) => steps.push(p));
    expect(id).toBe("c1");
    // 32 is the media's last byte within the first third; the spec's steps follow.
    expect(steps).toEqual([0, 32, 33, 50, 75, 100]);
    expect(finalizeBody(fetchMock)).toEqual({
      r2_key: "k/song.mp3",
      type: "audio",
      title: "Clip",
      tags: ["a", "b"],
      thumbnail_key: "k/thumb_song.jpg",
    });
  });
});

describe("publishBulkItem", () => {
  it("reports 0, 25 once signed, 50, 75, 100 and generates a thumbnail for a video", async () => {
    const { videos } = fakeVideoFrames({ duration: 10 });
    const fetchMock = stubApi();
    const puts = stubXhr();
    const steps: number[] = [];
    const file = new File(["ftyp"], "trip.mp4", { type: "video/mp4" });

    await publishBulkItem({ ...noDetails, description: "Road", file, thumbnailFile: null }, (p) => steps.push(p));
    expect(steps).toEqual([0, 25, 49, 50, 75, 100]);
    expect(videos[0].seeks).toEqual([1]);
    expect(puts.map((p) => p.url)).toEqual(["/put/trip.mp4", "/put/thumb_trip.jpg"]);
    expect(finalizeBody(fetchMock)).toMatchObject({ description: "Road", thumbnail_key: "k/thumb_trip.jpg" });
  });

  it("goes on without a thumbnail when no frame can be taken", async () => {
    fakeVideoFrames({ behaviour: "load-error" });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetchMock = stubApi();
    stubXhr();
    const file = new File(["ftyp"], "broken.mp4", { type: "video/mp4" });

    await expect(publishBulkItem({ ...noDetails, file, thumbnailFile: null }, () => {})).resolves.toBe("c1");
    expect(finalizeBody(fetchMock)).not.toHaveProperty("thumbnail_key");
    expect(String(warn.mock.calls[0][1])).toContain("Failed to load video");
  });
});
