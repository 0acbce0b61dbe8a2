import { plainUsd } from "../../../common/usd";
import type { Answer } from "../../openapi/responds";

// CSV exports for spreadsheets. Cells that a spreadsheet would run as a formula (=, +, -, @) are prefixed
// with a quote, so a crafted note or title cannot execute anything when an admin opens the file.
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === "string") text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * `moneyColumns` hold USD numbers: they are written by the screens' rule (docs/decisions/032), "25.00",
 * "5.50", "0.003", without "$" so a spreadsheet still sums them, instead of JavaScript's "25" and "5.5".
 */
export function csvResponse(
  filename: string,
  columns: string[],
  rows: Record<string, unknown>[],
  moneyColumns: string[] = [],
) {
  const money = new Set(moneyColumns);
  const value = (r: Record<string, unknown>, col: string) =>
    money.has(col) && typeof r[col] === "number" ? plainUsd(r[col]) : r[col];
  const lines = [columns.join(","), ...rows.map((r) => columns.map((col) => cell(value(r, col))).join(","))];
  return new Response(`${lines.join("\r\n")}\r\n`, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });
}

/** What a CSV route declares with responds(): a spreadsheet download, not JSON. */
export const csvAnswers = (description: string): Record<number, Answer> => ({
  200: { description: `${description} A CSV file (attachment); money columns in USD without "$".`, media: "text/csv" },
});
