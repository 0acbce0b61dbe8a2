import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeVideoFrames } from "../test/video-frame";
import { generateVideoThumbnail, thumbnailSize, thumbnailTime } from "./thumbnail";

const clip = () => new File(["mp4"], "clip.mp4", { type: "video/mp4" });

afterEach(() => {
  vi.useRealTimers();
});

describe("thumbnail rules", () => {
  it("takes the frame at min(2 s, half) for single uploads and min(2 s, 10 %) otherwise", () => {
    expect(thumbnailTime(3, "single")).toBe(1.5);
    expect(thumbnailTime(60, "single")).toBe(2);
    expect(thumbnailTime(10, "profile")).toBe(1);
    expect(thumbnailTime(60, "profile")).toBe(2);
    expect(thumbnailTime(Number.NaN, "profile")).toBe(0);
  });

  it("fits 640x360 keeping the aspect ratio and never enlarges", () => {
    expect(thumbnailSize(1920, 1080)).toEqual({ width: 640, height: 360 });
    expect(thumbnailSize(1080, 1920)).toEqual({ width: 203, height: 360 });
    expect(thumbnailSize(320, 240)).toEqual({ width: 320, height: 240 });
  });
});

describe("generateVideoThumbnail", () => {
  it("seeks, draws a scaled frame and encodes a JPEG at quality 0.8, then revokes the file URL", async () => {
    const { videos, canvases } = fakeVideoFrames({ duration: 3, width: 1280, height: 720 });
    const revoke = vi.spyOn(URL, "revokeObjectURL");

    const blob = await generateVideoThumbnail(clip(), "single");
    expect(blob.type).toBe("image/jpeg");
    const [video] = videos;
    expect(video.muted).toBe(true);
    expect(video.preload).toBe("metadata");
    expect(video.seeks).toEqual([1.5]);
    expect([canvases[0].width, canvases[0].height]).toEqual([640, 360]);
    expect(canvases[0].toBlobArgs).toEqual(["image/jpeg", 0.8]);
    expect(revoke).toHaveBeenCalledWith(video.srcHistory[0]);
    expect(video.src).toBe("");
  });

  it("loads a URL as is, without creating or revoking an object URL", async () => {
    const { videos } = fakeVideoFrames({ duration: 60 });
    const createUrl = vi.spyOn(URL, "createObjectURL");
    await generateVideoThumbnail("/api/content/c1/stream", "profile");
    expect(videos[0].srcHistory).toEqual(["/api/content/c1/stream"]);
    expect(videos[0].seeks).toEqual([2]);
    expect(createUrl).not.toHaveBeenCalled();
  });

  it("reports a video that cannot load", async () => {
    fakeVideoFrames({ behaviour: "load-error" });
    await expect(generateVideoThumbnail(clip(), "profile")).rejects.toThrow("Failed to load video");
  });

  it("reports an encoder that yields no blob", async () => {
    fakeVideoFrames({ blob: null });
    await expect(generateVideoThumbnail(clip(), "profile")).rejects.toThrow("Failed to generate thumbnail blob");
  });

  it("times out after 10 seconds", async () => {
    vi.useFakeTimers();
    const { videos } = fakeVideoFrames({ behaviour: "hang" });
    const revoke = vi.spyOn(URL, "revokeObjectURL");
    const outcome = generateVideoThumbnail(clip(), "single");
    const settled = vi.fn();
    outcome.catch(settled);

    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).rejects.toThrow("Thumbnail generation timed out");
    expect(revoke).toHaveBeenCalledWith(videos[0].srcHistory[0]);
  });
});
