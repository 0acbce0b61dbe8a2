import { formatDay } from "../../lib/format";
import type { EarningsGroupBy } from "../../../common/schemas/reports";
import type { EarningsReportRow } from "../../../common/schemas/earnings-report";
import { num, Table, td, tdNum } from "./admin-ui";
import { formatUsd } from "./money";

/** A row's period as people say it; the API dates a week by its Monday and a month by its first day. */
function periodLabel(date: string, groupBy: EarningsGroupBy) {
  if (groupBy === "weekly") return `Week of ${formatDay(date)}`;
  if (groupBy === "monthly") return formatDay(date, { month: "long", year: "numeric" });
  return formatDay(date);
}

/** The site-wide report's rows: Date, Views, Unique Users, Total (2 decimals, exact in the tooltip). */
export function EarningsLogTable({ rows, groupBy }: { rows: EarningsReportRow[]; groupBy: EarningsGroupBy }) {
  return (
    <Table
      caption={`Earnings by ${groupBy === "daily" ? "day" : groupBy === "weekly" ? "week" : "month"}`}
      columns={["Date", num("Views"), num("Unique Users"), num("Total")]}
    >
      {rows.map((row) => (
        <tr key={row.date}>
          <th scope="row" className={`${td} text-left font-normal text-slate-200`}>
            {periodLabel(row.date, groupBy)}
          </th>
          <td className={tdNum}>{row.view_count.toLocaleString("en-US")}</td>
          <td className={tdNum}>{(row.unique_users ?? 0).toLocaleString("en-US")}</td>
          <td className={tdNum}>{formatUsd(row.total_earnings)}</td>
        </tr>
      ))}
    </Table>
  );
}
