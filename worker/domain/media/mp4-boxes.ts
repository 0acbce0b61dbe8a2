import { MediaError, NOT_PLAYABLE_MP4 } from "./media-error";

/**
 * Reading ISO BMFF (MP4) boxes out of bytes already in memory. Every read is bounds-checked and fails with
 * a MediaError: the bytes come from an upload, so a short or garbled box is bad media, not a bug.
 */

export type BoxHeader = { type: string; headerLength: number; size: number };
export type ChildBox = { type: string; body: Uint8Array };

export function fail(detail: string): never {
  throw new MediaError(NOT_PLAYABLE_MP4, detail);
}

export function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The box header at `at` in `bytes`, given how many bytes remain in its container (or file) from `at`.
 * Size 0 means "to the end of the container"; size 1 means a 64-bit size follows the type.
 */
export function parseBoxHeader(bytes: Uint8Array, at: number, available: number): BoxHeader {
  if (available < 8 || at + 8 > bytes.length) fail("box header cut off");
  const data = view(bytes);
  const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
  let size = data.getUint32(at);
  let headerLength = 8;
  if (size === 1) {
    if (available < 16 || at + 16 > bytes.length) fail(`64-bit size of ${type} box cut off`);
    const large = data.getBigUint64(at + 8);
    if (large > BigInt(Number.MAX_SAFE_INTEGER)) fail(`${type} box has an impossible 64-bit size`);
    size = Number(large);
    headerLength = 16;
  } else if (size === 0) {
    size = available;
  }
  if (size < headerLength) fail(`${type} box size ${size} is smaller than its header`);
  if (size > available) fail(`${type} box extends past the end of its container`);
  return { type, headerLength, size };
}

/** Children of the container box whose body is bytes[start, end): each with its body range. */
export function childBoxes(bytes: Uint8Array, start = 0, end = bytes.length): ChildBox[] {
  const boxes: ChildBox[] = [];
  // Every child is at least 8 bytes long, so this loop ends.
  for (let at = start; at < end;) {
    const box = parseBoxHeader(bytes, at, end - at);
    boxes.push({ type: box.type, body: bytes.subarray(at + box.headerLength, at + box.size) });
    at += box.size;
  }
  return boxes;
}

export const child = (boxes: ChildBox[], type: string) => boxes.find((b) => b.type === type);

/** The box at the end of a path of container types (e.g. mdia → minf → stbl → stts), if every step exists. */
export function descend(boxes: ChildBox[], ...path: string[]): ChildBox | undefined {
  let found: ChildBox | undefined;
  for (const type of path) {
    found = child(found ? childBoxes(found.body) : boxes, type);
    if (!found) return undefined;
  }
  return found;
}

export function version(body: Uint8Array, type: string): 0 | 1 {
  const v = body[0];
  if (v !== 0 && v !== 1) fail(`${type} box has unknown version ${v}`);
  return v;
}

/** A 32-bit field of a box body. */
export function uint32(body: Uint8Array, at: number, what: string): number {
  if (body.length < at + 4) fail(`${what} cut off`);
  return view(body).getUint32(at);
}

/** A duration field: 32 or 64 bits by the full box's version. All ones means "unknown", which we treat as 0. */
export function readDuration(body: Uint8Array, at: number, wide: boolean): bigint {
  if (body.length < at + (wide ? 8 : 4)) fail("duration field cut off");
  const value = wide ? view(body).getBigUint64(at) : BigInt(view(body).getUint32(at));
  return value === (wide ? 0xffffffffffffffffn : 0xffffffffn) ? 0n : value;
}

/**
 * mvhd and mdhd share a layout: version/flags, creation and modification times (32 or 64 bits),
 * a 32-bit timescale, then the duration (32 or 64 bits).
 */
export function timescaleAndDuration(body: Uint8Array, type: string): { timescale: number; duration: bigint } {
  const wide = version(body, type) === 1;
  const at = wide ? 20 : 12;
  if (body.length < at + 4) fail(`${type} box cut off`);
  const timescale = view(body).getUint32(at);
  if (timescale === 0) fail(`${type} timescale is 0`);
  return { timescale, duration: readDuration(body, at + 4, wide) };
}

/** Milliseconds, rounded. Past 2^53 ticks precision no longer matters: that is beyond 24 hours at any timescale. */
export function toMs(duration: bigint | number, timescale: number): number {
  return Math.round((Number(duration) * 1000) / timescale);
}
