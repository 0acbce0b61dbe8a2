import type { Db } from "../../db/client";
import { viewsOfDay, type MyViewRow } from "../../db/queries/earnings/my-views";
import { nowIso } from "../../lib/time";
import { memberDaySummary } from "../archive/member-day-summary";
import { viewOutcome } from "./view-outcome";

/** Views listed at most for one day and side (My Views). */
export const MY_VIEWS_LIMIT = 500;

type MyViewsCall = {
  ctx: { db: Db; actor: { id: string }; env: { ARCHIVE: R2Bucket } };
  input: { side: "viewer" | "creator"; day: string };
};

/** This side's earning of the view as view-outcome.ts reads it: null when the view paid this side nothing. */
const earningOf = (r: MyViewRow) =>
  r.earningMicros === null
    ? null
    : {
        availableAt: r.availableAt ?? "",
        reversed: r.reversed === 1,
        reversalReason: r.reversalReason,
        underReview: r.underReview === 1,
        givenBack: r.givenBack === 1,
      };

/**
 * "A reason for every view" (docs/decisions/019): the caller's views of one UTC day, as viewer or as creator of
 * the items, newest first, each with what it did for them; and for an archived day its summary
 * (docs/decisions/053), whose views the list then holds only as far as they are kept as evidence.
 */
export async function listMyViews({ ctx, input }: MyViewsCall) {
  const q = { userId: ctx.actor.id, side: input.side, day: input.day };
  const [rows, archived] = await Promise.all([
    viewsOfDay(ctx.db, { ...q, limit: MY_VIEWS_LIMIT }),
    memberDaySummary(ctx.env, ctx.db, q),
  ]);
  const now = nowIso();
  const views = rows
    .slice(0, MY_VIEWS_LIMIT)
    .map((row) => ({ row, verdict: viewOutcome({ ...row, earning: earningOf(row) }, now) }));
  return { views, truncated: rows.length > MY_VIEWS_LIMIT, archived };
}
