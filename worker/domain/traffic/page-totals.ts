import { rollPageTotalsTo } from "../../db/queries/traffic/traffic-page-totals";
import { addDays, dayOf } from "../../lib/days";
import { TRAFFIC_RANGES } from "../../../common/traffic-ranges";

// When the cron rolls a day into the page totals of the long ranges (docs/decisions/020).

/** Ranges whose top pages read totals kept by the cron; a day's range reads its two days directly. */
const RANGES_WITH_PAGE_TOTALS = Object.values(TRAFFIC_RANGES).filter((days) => days > 1);

/**
 * A visit's batch takes its time before it runs, so a day is complete only a little after midnight: the cron
 * rolls a day into the totals once it ended this long ago.
 */
const DAY_SETTLES_MS = 5 * 60_000;

/** The last whole day the cron may roll into the totals at `nowMs`. */
const settledDay = (nowMs: number) => addDays(dayOf(nowMs - DAY_SETTLES_MS), -1);

/** The cron's part: every long range's page totals, up to the last settled day. */
export const rollPageTotals = ({ ctx, input }: { ctx: { env: Pick<Env, "DB"> }; input: { nowMs: number } }) =>
  rollPageTotalsTo(ctx.env.DB, settledDay(input.nowMs), RANGES_WITH_PAGE_TOTALS);
