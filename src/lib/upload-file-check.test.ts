import { describe, expect, it, vi } from "vitest";
import { stubFetch } from "../test/fetch";
import { fixtureFile } from "../test/media-files";
import { stubXhr } from "../test/xhr";
import { FileRefused, mediaContentProblem, uploadFile } from "./upload-file";

// A video or audio file is judged by its first bytes before any upload request (common/media-sniff.ts, the
// Worker's own rule; docs/decisions/038).

describe("mediaContentProblem", () => {
  it("accepts the real MP4 and MP3 fixtures", async () => {
    expect(fixtureFile("tiny.mp4").size).toBeGreaterThan(1000);
    expect(await mediaContentProblem(fixtureFile("tiny.mp4"))).toBeNull();
    expect(await mediaContentProblem(fixtureFile("tiny.mp3"))).toBeNull();
  });

  it("refuses a text file named .mp4, saying so in words", async () => {
    expect(await mediaContentProblem(fixtureFile("not-media.mp4"))).toBe(
      "“not-media.mp4” does not contain MP4 video, whatever its name says, so it cannot be uploaded. Choose the original video or audio file.",
    );
  });

  it("refuses an MP3 named .mp4 and an MP4 named .mp3", async () => {
    expect(await mediaContentProblem(fixtureFile("tiny.mp3", "song.mp4"))).toContain("does not contain MP4 video");
    expect(await mediaContentProblem(fixtureFile("tiny.mp4", "clip.mp3"))).toContain("does not contain MP3 audio");
  });

  it("judges a file without a type by its extension, as the upload does", async () => {
    expect(await mediaContentProblem(fixtureFile("not-media.mp4", "x.mp4", ""))).toContain(
      "does not contain MP4 video",
    );
    expect(await mediaContentProblem(fixtureFile("tiny.mp4", "x.mp4", ""))).toBeNull();
  });

  it("leaves other files (thumbnails) to the server", async () => {
    expect(await mediaContentProblem(new File(["jpg"], "cover.jpg", { type: "image/jpeg" }))).toBeNull();
  });
});

describe("uploadFile", () => {
  it("refuses a fake MP4 before any request", async () => {
    const fetchMock = stubFetch({});
    const puts = stubXhr();
    const sent = uploadFile(fixtureFile("not-media.mp4"));
    await expect(sent).rejects.toBeInstanceOf(FileRefused);
    await expect(sent).rejects.toThrow("“not-media.mp4” does not contain MP4 video");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(puts).toHaveLength(0);
  });

  it("sends a real MP4", async () => {
    stubFetch({ "POST /api/uploads/sign": { body: { key: "media/t.mp4", uploadUrl: "/put", multipart: null } } });
    stubXhr();
    await expect(uploadFile(fixtureFile("tiny.mp4"), { onProgress: vi.fn() })).resolves.toBe("media/t.mp4");
  });
});
