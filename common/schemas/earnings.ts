import { z } from "zod";

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** POST /api/earnings/calculate: the home page's earnings poll (docs/decisions/022). */
export const earningsCalculateOut = z.object({
  /** Qualified views and sign-on bonuses this run settled. */
  processed: z.number().int(),
  message: z.string(),
  /**
   * USD credited to the caller's own views (their viewer rewards) since they were last told, whoever credited
   * it: this run or the cron before it. Each credit is told once (docs/decisions/033); 0 when nothing new.
   */
  credited_usd: z.number(),
});
export type EarningsCalculateResponse = z.output<typeof earningsCalculateOut>;
