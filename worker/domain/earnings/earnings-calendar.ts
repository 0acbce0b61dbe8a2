import type { EarningsGroupBy } from "../../../common/schemas/reports";
import { earningsReport } from "../../db/queries/earnings/earnings-report";
import { checkAdmin, type AdminCall } from "../admin/admin-context";
import type { MemberCall } from "../member-context";
import { reportRange } from "./report-range";

// The earnings calendars (docs/product-spec.md §5): earnings per day, week or month of a range of UTC days
// (default: the last 30), with the totals. Each answers the report with the range it covers.

type CalendarInput = { startDate?: string; endDate?: string; groupBy: EarningsGroupBy };

/** The caller's own calendar, split viewer and creator. */
export async function getEarningsCalendar({ ctx, input }: MemberCall<CalendarInput>) {
  const range = reportRange(input.startDate, input.endDate);
  return { range, report: await earningsReport(ctx.db, { range, groupBy: input.groupBy, userId: ctx.actor.id }) };
}

/** The site's calendar, or one member's, with the distinct viewers per row: the admin's. */
export async function getSiteEarningsCalendar({ ctx, input }: AdminCall<CalendarInput & { userId?: string }>) {
  checkAdmin(ctx);
  const range = reportRange(input.startDate, input.endDate);
  return { range, report: await earningsReport(ctx.db, { range, groupBy: input.groupBy, userId: input.userId }) };
}
