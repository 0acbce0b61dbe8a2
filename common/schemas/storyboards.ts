import { z } from "zod";
import { STORYBOARD_FRAME_MAX, STORYBOARD_MAX_FRAMES } from "../storyboard";

const whole = (field: string, min: number, max: number) =>
  z
    .number(`${field} must be a number`)
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

/**
 * PUT /api/content/{id}/storyboard (docs/decisions/102): a JPEG the caller uploaded, and how its frames are laid
 * out. The numbers must agree with each other here (the grid holds the frames, with no empty row); that they
 * agree with the image and the item is the Worker's check.
 */
export const storyboardBody = z
  .object({
    image_key: z.string("image_key is required").min(1, "image_key is required").max(512),
    interval_ms: whole("interval_ms", 500, 24 * 60 * 60 * 1000),
    columns: whole("columns", 1, STORYBOARD_MAX_FRAMES),
    rows: whole("rows", 1, STORYBOARD_MAX_FRAMES),
    frame_width: whole("frame_width", 16, STORYBOARD_FRAME_MAX),
    frame_height: whole("frame_height", 16, STORYBOARD_FRAME_MAX),
    count: whole("count", 1, STORYBOARD_MAX_FRAMES),
  })
  .superRefine((b, ctx) => {
    if (b.count > b.columns * b.rows) {
      ctx.addIssue({
        code: "custom",
        path: ["count"],
        message: `count: ${b.count} frames do not fit in ${b.columns} columns × ${b.rows} rows`,
      });
    } else if (b.count <= b.columns * (b.rows - 1)) {
      ctx.addIssue({
        code: "custom",
        path: ["rows"],
        message: `rows: ${b.count} frames in ${b.columns} columns fill ${Math.ceil(b.count / b.columns)} rows, not ${b.rows}`,
      });
    }
  });
export type StoryboardBody = z.input<typeof storyboardBody>;

/** GET /api/content/{id}/storyboard: `v` names the version (the item's answer gives the address with it). */
export const storyboardQuery = z.object({ v: z.string().max(64).optional() });

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** An item's seek previews, as its answer and PUT give them: the sprite's address and its layout. */
export const storyboardOut = z.object({
  url: z.string(),
  interval_ms: z.number().int(),
  columns: z.number().int(),
  rows: z.number().int(),
  frame_width: z.number().int(),
  frame_height: z.number().int(),
  count: z.number().int(),
});
export type StoryboardJson = z.output<typeof storyboardOut>;
