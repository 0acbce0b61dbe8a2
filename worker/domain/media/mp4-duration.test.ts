import { describe, expect, it } from "vitest";
import { fixture } from "../../test/fixtures";
import { MAX_DURATION_MS, NOT_PLAYABLE_MP4, TOO_LONG } from "./media-error";
import {
  ascii,
  box,
  concat,
  counted,
  ftyp,
  mediaError,
  mehd,
  mp4Of,
  mp4With,
  mvex,
  mvhd,
  outcome,
  patched,
  seededBytes,
  sparseReader,
  storedInR2,
  tkhd,
  track,
  trak,
  u32,
  u64,
  survivesDamage,
} from "../../test/media";
import { mp4DurationMs } from "./mp4-duration";
import { bytesRangeReader } from "./range-reader";

const duration = (bytes: Uint8Array) => mp4DurationMs(bytesRangeReader(bytes));

/** Offset and size of the top-level moov box of a fixture (so tests can bound what the parser read). */
function moovOf(bytes: Uint8Array) {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at + 8 <= bytes.length; at += data.getUint32(at)) {
    if (String.fromCharCode(...bytes.subarray(at + 4, at + 8)) === "moov") return { at, size: data.getUint32(at) };
  }
  throw new Error("fixture has no moov");
}

describe("mp4DurationMs on real files in R2", () => {
  // Expected values: `ffprobe -v error -show_entries format=duration -of csv=p=0 <file>`.
  it.each([
    ["tiny.mp4", 3000], // ffprobe 3.000000, moov at the start (faststart)
    ["moov-at-end.mp4", 4000], // ffprobe 4.000000, moov after the mdat
  ])("reads %s as %i ms, reading only box headers and the moov", async (name, expected) => {
    const bytes = fixture(name);
    const { reader, stats } = counted(await storedInR2(bytes, name));
    const ms = await mp4DurationMs(reader);
    expect(Math.abs(ms - expected)).toBeLessThanOrEqual(1);
    // Each read besides the moov is one box header of at most 16 bytes.
    const moov = moovOf(bytes);
    expect(stats.bytes).toBeLessThanOrEqual(moov.size + 16 * (stats.reads - 1));
    expect(stats.reads).toBeLessThanOrEqual(5);
  });

  it("reads only headers and the moov of a large file, whatever sits in between", async () => {
    // moov-at-end.mp4 with 4 MiB of `free` space after the ftyp: the walk hops over it.
    const original = fixture("moov-at-end.mp4");
    const bytes = concat(original.subarray(0, 32), box("free", new Uint8Array(4 * 1024 * 1024)), original.subarray(32));
    const { reader, stats } = counted(await storedInR2(bytes, "big.mp4"));
    expect(await mp4DurationMs(reader)).toBe(4000);
    expect(stats.bytes).toBeLessThan(moovOf(original).size + 100);
  });

  it("refuses a fragmented MP4 without mehd rather than report a wrong duration", async () => {
    // ffprobe says 2.5 s, but only by adding up every fragment; the moov says 0 and has no mehd.
    const error = await mediaError(mp4DurationMs(await storedInR2(fixture("fragmented.mp4"), "fragmented.mp4")));
    expect(error.message).toBe(NOT_PLAYABLE_MP4);
    expect(error.detail).toMatch(/mehd/);
  });
});

describe("mp4DurationMs box layouts", () => {
  it("follows a 64-bit (size 1) mdat box header", async () => {
    // moov-at-end.mp4 is ftyp(32) free(8) mdat(…): turn free + mdat into one mdat with a 16-byte header.
    const original = fixture("moov-at-end.mp4");
    const mdatSize = new DataView(original.buffer, original.byteOffset).getUint32(40);
    const bytes = patched(original, 32, concat(u32(1), ascii("mdat"), u64(BigInt(mdatSize + 8))));
    expect(new TextDecoder().decode(bytes.subarray(36, 40))).toBe("mdat");
    expect(await duration(bytes)).toBe(4000);
  });

  it("accepts size 0 on the last box (it runs to the end of the file)", async () => {
    const original = fixture("moov-at-end.mp4");
    expect(await duration(patched(original, moovOf(original).at, u32(0)))).toBe(4000);
  });

  it("reads a version 1 mvhd and tkhd with 64-bit durations", async () => {
    const ticks = 90_000n * 3600n + 45_000n;
    const bytes = mp4With(mvhd(90_000, ticks, 1), track({ header: ticks, media: [90_000, ticks], version: 1 }));
    expect(await duration(bytes)).toBe(3_600_500);
  });

  it("rounds to the nearest millisecond", async () => {
    const at44k = (ticks: number) => mp4With(mvhd(44_100, ticks), track({ header: ticks, media: [44_100, ticks] }));
    expect(await duration(at44k(132_300 + 22))).toBe(3000);
    expect(await duration(at44k(132_300 + 23))).toBe(3001);
  });

  it("falls back to the longest track when mvhd says 0", async () => {
    const bytes = mp4With(
      mvhd(1000, 0),
      track({ header: 0, media: [48_000, 48_000 * 5] }), // 5 s by mdhd (tkhd left at 0)
      track({ handler: "soun", header: 7_250, media: [90_000, 652_500] }), // 7.25 s by tkhd (movie timescale)
    );
    expect(await duration(bytes)).toBe(7250);
  });

  it("uses mehd for fragmented files, even when mvhd covers only the first fragment", async () => {
    const empty = track({ header: 0, media: [1000, 0] });
    expect(await duration(mp4With(mvhd(1000, 0), empty, mvex(mehd(12_345))))).toBe(12_345);
    expect(await duration(mp4With(mvhd(600, 300), empty, mvex(mehd(600n * 7200n, 1))))).toBe(7_200_000);
  });

  it("accepts exactly 24 hours", async () => {
    expect(await duration(mp4Of(MAX_DURATION_MS))).toBe(MAX_DURATION_MS);
  });
});

describe("mp4DurationMs refuses broken files with MediaError", () => {
  const cases: [string, Uint8Array, RegExp][] = [
    ["no moov", concat(ftyp(), box("mdat", new Uint8Array(100))), /no moov/],
    ["moov without mvhd", mp4With(trak(tkhd(1000))), /no mvhd/],
    ["timescale 0", mp4With(mvhd(0, 1000)), /timescale is 0/],
    ["duration 0 everywhere", mp4With(mvhd(1000, 0), track({ header: 0, media: [1000, 0] })), /duration is 0/],
    [
      "duration that rounds to 0 ms",
      mp4With(mvhd(90_000, 40), track({ header: 40, media: [90_000, 40] })),
      /duration is 0/,
    ],
    [
      "unknown mvhd version",
      patched(mp4With(mvhd(1000, 1000)), ftyp().length + 8 + 8, new Uint8Array([2])),
      /version 2/,
    ],
    ["box size 0xFFFFFFFF", concat(ftyp(), u32(0xffffffff), ascii("moov")), /past the end/],
    ["box size below 8", concat(ftyp(), u32(4), ascii("moov"), new Uint8Array(20)), /smaller than its header/],
    [
      "64-bit size beyond 2^53",
      concat(ftyp(), u32(1), ascii("mdat"), u64(2n ** 63n), new Uint8Array(20)),
      /impossible/,
    ],
    [
      "64-bit size past the file",
      concat(ftyp(), u32(1), ascii("mdat"), u64(2n ** 40n), new Uint8Array(20)),
      /past the end/,
    ],
    ["64-bit size below 16", concat(ftyp(), u32(1), ascii("mdat"), u64(12n), new Uint8Array(20)), /smaller/],
    [
      "child box past its parent",
      concat(ftyp(), box("moov", u32(500), ascii("mvhd"))),
      /past the end of its container/,
    ],
    ["trailing bytes too short for a box", concat(ftyp(), new Uint8Array(5)), /cut off/],
    ["two moov boxes", concat(ftyp(), box("moov", mvhd(1000, 1000)), box("moov", mvhd(1000, 2000))), /more than one/],
    ["fragmented without mehd", mp4With(mvhd(1000, 500), mvex()), /mehd/],
    ["empty file", new Uint8Array(0), /no moov/],
  ];
  it.each(cases)("%s", async (_label, bytes, detail) => {
    const error = await mediaError(duration(bytes));
    expect(error.message).toBe(NOT_PLAYABLE_MP4);
    expect(error.detail).toMatch(detail);
  });

  it("refuses more than 24 hours with its own message", async () => {
    const error = await mediaError(duration(mp4Of(MAX_DURATION_MS + 1)));
    expect(error.message).toBe(TOO_LONG);
    const huge = 2n ** 63n;
    const hugeV1 = await mediaError(
      duration(mp4With(mvhd(1, huge, 1), track({ header: huge, media: [1, huge], samples: [], version: 1 }))),
    );
    expect(hugeV1.message).toBe(TOO_LONG);
  });

  it("refuses a moov over 64 MiB without reading it", async () => {
    const size = 100 * 1024 * 1024;
    const moovAt = ftyp().length;
    const { reader, stats } = counted(
      sparseReader(size, [
        [0, ftyp()],
        [moovAt, concat(u32(size - moovAt), ascii("moov"))],
      ]),
    );
    const error = await mediaError(mp4DurationMs(reader));
    expect(error.detail).toMatch(/larger than 64 MiB/);
    expect(stats.bytes).toBeLessThan(64);
  });

  it("finds a moov at the end of a multi-gigabyte file with a few header reads", async () => {
    const moov = box("moov", mvhd(1000, 5_000), track({ header: 5_000, media: [1000, 5_000] }));
    const size = 5 * 1024 ** 3;
    const mdatAt = ftyp().length;
    const mdatSize = size - mdatAt - moov.length;
    const { reader, stats } = counted(
      sparseReader(size, [
        [0, ftyp()],
        [mdatAt, concat(u32(1), ascii("mdat"), u64(BigInt(mdatSize)))],
        [mdatAt + mdatSize, moov],
      ]),
    );
    expect(await mp4DurationMs(reader)).toBe(5000);
    expect(stats.reads).toBe(4);
    expect(stats.bytes).toBeLessThanOrEqual(3 * 16 + moov.length); // three box headers and the moov
  });

  it("stops after 64 top-level boxes (each costs an R2 read)", async () => {
    const frees = new Uint8Array(8 * 65);
    for (let at = 0; at < frees.length; at += 8) frees.set(concat(u32(8), ascii("free")), at);
    const { reader, stats } = counted(bytesRangeReader(concat(frees, box("moov", mvhd(1000, 1000)))));
    const error = await mediaError(mp4DurationMs(reader));
    expect(error.detail).toMatch(/too many top-level boxes/);
    expect(stats.reads).toBe(64);
  });

  it.each(["tiny.mp4", "moov-at-end.mp4"])("refuses %s cut short (first 100 bytes, first half)", async (name) => {
    const bytes = fixture(name);
    for (const cut of [100, Math.floor(bytes.length / 2), bytes.length - 1]) {
      const error = await mediaError(duration(bytes.subarray(0, cut)));
      expect(error.detail, `cut at ${cut}`).toMatch(/past the end|cut off/);
    }
  });

  it("never hangs or throws anything but MediaError on random bytes", async () => {
    for (let seed = 1; seed <= 300; seed++) {
      const bytes = seededBytes(seed, [0, 1, 7, 8, 15, 16, 17, 100, 1000, 70_000][seed % 10]!);
      expect(await outcome(duration(bytes)), `seed ${seed}`).toBe("media-error");
    }
  });

  it("never hangs or throws anything but MediaError on damaged real files", async () => {
    // Damage goes where the parser looks: box headers and the moov (start of tiny.mp4, end of moov-at-end.mp4).
    await survivesDamage(
      ["tiny.mp4", "moov-at-end.mp4", "fragmented.mp4", "edit-lists.mp4"].map(fixture),
      { head: 4096, tail: 4096 },
      duration,
    );
  });
});
