import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fixture } from "../../test/fixtures";
import { MediaError } from "./media-error";
import { seededBytes, storedInR2 } from "../../test/media";
import { bytesRangeReader, r2RangeReader } from "./range-reader";

const bytes = seededBytes(7, 1000);

describe("bytesRangeReader", () => {
  const reader = bytesRangeReader(bytes);

  it("returns exactly the requested range inside the file", async () => {
    expect(reader.size).toBe(1000);
    expect(await reader.read(10, 5)).toEqual(bytes.slice(10, 15));
    expect(await reader.read(0, 1000)).toEqual(bytes);
  });

  it("returns fewer bytes only at the end of the file", async () => {
    expect(await reader.read(990, 100)).toEqual(bytes.slice(990));
    expect((await reader.read(1000, 10)).length).toBe(0);
    expect((await reader.read(5000, 10)).length).toBe(0);
  });

  it("returns nothing for empty, negative or non-integer ranges", async () => {
    expect((await reader.read(0, 0)).length).toBe(0);
    expect((await reader.read(-5, 10)).length).toBe(0);
    expect((await reader.read(0, -1)).length).toBe(0);
    expect((await reader.read(1.5, 10)).length).toBe(0);
  });
});

describe("r2RangeReader", () => {
  it("reads the same bytes from real R2 as from memory, including at and past the end", async () => {
    const stored = await storedInR2(bytes, "random.bin");
    const memory = bytesRangeReader(bytes);
    for (const [offset, length] of [
      [0, 16],
      [500, 100],
      [990, 10],
      [990, 100],
      [999, 1],
      [1000, 5],
      [4000, 5],
      [0, 0],
    ] as const) {
      expect(await stored.read(offset, length), `read(${offset}, ${length})`).toEqual(
        await memory.read(offset, length),
      );
    }
  });

  it("reads a real media fixture byte for byte", async () => {
    const mp4 = fixture("tiny.mp4");
    const stored = await storedInR2(mp4, "tiny.mp4");
    expect(stored.size).toBe(mp4.length);
    expect(await stored.read(mp4.length - 300, 300)).toEqual(mp4.slice(-300));
  });

  it("never asks R2 for a range of an empty object", async () => {
    const stored = await storedInR2(new Uint8Array(0), "empty.bin");
    expect((await stored.read(0, 16)).length).toBe(0);
  });

  it("reports a missing object as a storage error, not as bad media", async () => {
    const reader = r2RangeReader(env.MEDIA, "test/media/does-not-exist", 100);
    const error = await reader.read(0, 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(MediaError);
    expect(String(error)).toContain("does-not-exist");
  });
});
