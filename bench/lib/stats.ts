// Small statistics helpers for the bench report.

/** Percentile with linear interpolation between the closest ranks (p in 0..100). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

export type Summary = { n: number; p50: number; p95: number; min: number; max: number; mean: number };

export function summarize(samples: readonly number[]): Summary {
  const n = samples.length;
  return {
    n,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    min: round(Math.min(...samples)),
    max: round(Math.max(...samples)),
    mean: round(samples.reduce((a, b) => a + b, 0) / n),
  };
}

export const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
