import { z } from "zod";

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** `{ ok: true }`: the answer of a call that has nothing else to say (sign out, delete, abort). */
export const okOut = z.object({ ok: z.literal(true) });
export type OkResponse = z.output<typeof okOut>;
