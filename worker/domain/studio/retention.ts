// Retention from the stop buckets (docs/decisions/048). Each view is counted once, in the bucket of its
// furthest accepted position (whole percent of the item, 0..100); a view "is still watching at x %" when that
// position reached x %, so the share at x is the suffix sum of the buckets from x over all views.

const RETENTION_POINTS = 101;

/** The bucket of a position: whole percent of the duration, floored, 0..100 (as migration 0020 computes it). */
export const stopBucket = (positionMs: number, durationMs: number) =>
  Math.min(100, Math.max(0, Math.floor((Math.max(0, positionMs) * 100) / durationMs)));

/** 101 shares from the buckets' counts; all zeros without views. */
export function retentionCurve(buckets: readonly { bucket: number; views: number }[]): {
  curve: number[];
  views: number;
} {
  const counts = new Array<number>(RETENTION_POINTS).fill(0);
  for (const b of buckets) if (b.bucket >= 0 && b.bucket < RETENTION_POINTS) counts[b.bucket] += b.views;
  const views = counts.reduce((a, b) => a + b, 0);
  const curve = new Array<number>(RETENTION_POINTS).fill(0);
  let still = 0;
  for (let x = RETENTION_POINTS - 1; x >= 0; x--) {
    still += counts[x];
    curve[x] = views ? still / views : 0;
  }
  return { curve, views };
}
