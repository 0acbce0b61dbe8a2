import { describe, expect, it } from "vitest";
import { fixture } from "../../test/fixtures";
import { MediaError, mediaDurationMs } from "./media-duration";
import { NOT_PLAYABLE_MP3, NOT_PLAYABLE_MP4 } from "./media-error";
import { mediaError, storedInR2 } from "../../test/media";
import { bytesRangeReader } from "./range-reader";

describe("mediaDurationMs", () => {
  it("dispatches by kind, reading from R2", async () => {
    expect(await mediaDurationMs(await storedInR2(fixture("tiny.mp4"), "a.mp4"), "mp4")).toBe(3000);
    // ffprobe: 3.030204 s
    expect(await mediaDurationMs(await storedInR2(fixture("tiny.mp3"), "a.mp3"), "mp3")).toBe(3030);
  });

  it("refuses an MP4 parsed as MP3 and an MP3 parsed as MP4, with the message for the expected kind", async () => {
    const asMp3 = await mediaError(mediaDurationMs(bytesRangeReader(fixture("tiny.mp4")), "mp3"));
    expect(asMp3.message).toBe(NOT_PLAYABLE_MP3);
    const asMp4 = await mediaError(mediaDurationMs(bytesRangeReader(fixture("tiny.mp3")), "mp4"));
    expect(asMp4.message).toBe(NOT_PLAYABLE_MP4);
  });

  it("refuses the text file named .mp4", async () => {
    const error = await mediaError(mediaDurationMs(bytesRangeReader(fixture("not-media.mp4")), "mp4"));
    expect(error).toBeInstanceOf(MediaError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("MediaError");
    expect(error.message).toBe("The file is not a playable MP4 video");
  });

  it("refuses images whatever kind they are parsed as", async () => {
    for (const name of ["thumb.jpg", "image.png", "image.webp", "image.gif"]) {
      for (const kind of ["mp4", "mp3"] as const) {
        await mediaError(mediaDurationMs(bytesRangeReader(fixture(name)), kind));
      }
    }
    expect(NOT_PLAYABLE_MP3).toBe("The file is not a playable MP3 audio file");
  });
});
