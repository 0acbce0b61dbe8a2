import { z } from "zod";

// The dead-letter queue as the admin's Jobs tab reads it (docs/decisions/079): messages that failed every retry of
// the credit or traffic queue, and the way to send one back.

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** One dead letter: its queue message id, what it carried (credit, visit, beacon; unknown if not ours). */
const deadLetterOut = z.object({
  id: z.string(),
  kind: z.enum(["credit", "visit", "beacon", "traffic", "unknown"]),
  body: z.unknown(),
  attempts: z.number().int(),
  received_at: z.string(),
});
export type DeadLetterJson = z.output<typeof deadLetterOut>;

/** GET /api/admin/dead-letters: the oldest 200 and how many there are in all. */
export const deadLettersOut = z.object({ items: z.array(deadLetterOut), total: z.number().int() });

/** POST /api/admin/dead-letters/{id}/resend: the letter sent back (and no longer kept). */
export const deadLetterResentOut = z.object({ id: z.string(), kind: deadLetterOut.shape.kind });
