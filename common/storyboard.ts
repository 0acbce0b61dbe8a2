// Seek previews (docs/decisions/102): how the browser lays out an item's storyboard, and the bounds the Worker
// holds it to. One JPEG sprite of small frames, `columns` across, frame i at i × interval_ms.

/** One frame every max(2 s, duration / 100): at most about 100 frames, however long the item. */
const STORYBOARD_MIN_INTERVAL_MS = 2000;
export const STORYBOARD_MAX_FRAMES = 100;
const STORYBOARD_COLUMNS = 10;
const STORYBOARD_FRAME_WIDTH = 160;
const STORYBOARD_FRAME_HEIGHT = 90;
/** The sprite is small frames at JPEG quality: 2 MiB is far above what 100 frames of 160 × 90 take. */
export const STORYBOARD_MAX_BYTES = 2 * 1024 * 1024;
/** The largest frame the Worker accepts on either side (the browser draws 160 × 90). */
export const STORYBOARD_FRAME_MAX = 320;

/** The layout for an item of `durationMs`: every how many ms a frame, how many, and the grid they fill. */
export function storyboardPlan(durationMs: number) {
  const intervalMs = Math.max(STORYBOARD_MIN_INTERVAL_MS, Math.ceil(durationMs / STORYBOARD_MAX_FRAMES));
  const count = Math.max(1, Math.min(STORYBOARD_MAX_FRAMES, Math.ceil(durationMs / intervalMs)));
  const columns = Math.min(STORYBOARD_COLUMNS, count);
  return {
    intervalMs,
    count,
    columns,
    rows: Math.ceil(count / columns),
    frameWidth: STORYBOARD_FRAME_WIDTH,
    frameHeight: STORYBOARD_FRAME_HEIGHT,
  };
}

export type StoryboardGeometry = {
  interval_ms: number;
  columns: number;
  rows: number;
  frame_width: number;
  frame_height: number;
  count: number;
};

/** Which frame shows time `seconds`, and where it sits in the sprite (pixels, from the top left). */
export function storyboardFrameAt(s: StoryboardGeometry, seconds: number) {
  const index = Math.min(s.count - 1, Math.max(0, Math.floor((seconds * 1000) / s.interval_ms)));
  return {
    index,
    x: (index % s.columns) * s.frame_width,
    y: Math.floor(index / s.columns) * s.frame_height,
  };
}
