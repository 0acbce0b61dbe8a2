import { z } from "zod";
import { contentOut } from "./content";

// The caller's watch history (docs/decisions/045): where they left each item, newest first. Kept
// for resuming only; clearing it never touches a view, a credit or any other money fact.

/** GET /api/me/history: a page, newest first; `unfinished` keeps only the items worth resuming (Continue watching). */
export const historyQuery = z.object({
  cursor: z.string().max(300, "cursor must be at most 300 characters").optional(),
  limit: z.coerce
    .number("limit must be a number")
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(60, "limit must be at most 60")
    .default(24),
  unfinished: z
    .enum(["true", "false"], "unfinished must be true or false")
    .default("false")
    .transform((v) => v === "true"),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** One item of the history: the item, where the caller left it, and when. */
const historyEntryOut = z.object({
  content: contentOut,
  /** The last position the caller reached, whole seconds. */
  position_seconds: z.number().int().nonnegative(),
  /** That position as a share of the item, whole percent (0–100). */
  percent: z.number().int().min(0).max(100),
  /** Whether the caller got to (nearly) the end: nothing to resume. */
  finished: z.boolean(),
  /** When the caller last played it (ISO time). */
  watched_at: z.string(),
});
export type HistoryEntryJson = z.output<typeof historyEntryOut>;

/** GET /api/me/history. Items since removed or deleted are left out, so a page may hold fewer than `limit`. */
export const historyOut = z.object({ items: z.array(historyEntryOut), nextCursor: z.string().nullable() });
export type HistoryResponse = z.output<typeof historyOut>;
