import { badRequest } from "../../lib/errors";
import { PART_SIZE } from "./limits";

/** Part numbers 1..N of a multipart upload of `size` bytes. */
export const expectedParts = (size: number) => Array.from({ length: Math.ceil(size / PART_SIZE) }, (_, i) => i + 1);

/** Every part is PART_SIZE but the last, which holds the rest. */
export function partSizeFor(size: number, part: number) {
  const count = Math.ceil(size / PART_SIZE);
  if (part > count) throw badRequest(`part: this upload has ${count} parts`);
  return part < count ? PART_SIZE : size - PART_SIZE * (count - 1);
}
