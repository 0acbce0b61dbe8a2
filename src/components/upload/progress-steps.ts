import { sleep } from "../../lib/upload-file";

// The progress steps of docs/product-spec.md §4 ("single 0/33/50/75/100; bulk 0/25/50/75/100"). Two steps reported in the
// same tick (finalize answers, then 75 and 100 at once) would render as one, so each step is held on screen
// for a moment before the next one shows: every step is seen, and announced, however fast the upload.

export type Progress = (percent: number) => void;

export const SINGLE_STEPS = [0, 33, 50, 75, 100] as const;
export const BULK_STEPS = [0, 25, 50, 75, 100] as const;

/** How long a step stays on screen at least: long enough to read, short enough not to slow an upload down. */
export const STEP_HOLD_MS = 400;

/** The last step reached at `percent`: what is announced while the bar creeps on between two steps. */
export const stepReached = (percent: number, steps: readonly number[]) =>
  steps.reduce((reached, step) => (step <= percent ? step : reached), 0);

/**
 * Paces progress reports: `step` shows a step once the previous one has been on screen for STEP_HOLD_MS
 * (resolving when it is shown); `creep` moves the bar between steps, except while a step is being held.
 */
export function pacedSteps(onProgress: Progress, signal?: AbortSignal, holdMs = STEP_HOLD_MS) {
  let heldUntil = 0;
  return {
    async step(percent: number) {
      const wait = heldUntil - Date.now();
      if (wait > 0) await sleep(wait, signal);
      onProgress(percent);
      heldUntil = Date.now() + holdMs;
    },
    creep(percent: number) {
      if (Date.now() >= heldUntil) onProgress(percent);
    },
  };
}
