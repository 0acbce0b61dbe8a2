// CSV exports for spreadsheets. Cells that a spreadsheet would run as a formula (=, +, -, @) are prefixed
// with a quote, so a crafted note or title cannot execute anything when an admin opens the file.
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === "string") text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvResponse(filename: string, columns: string[], rows: Record<string, unknown>[]) {
  const lines = [columns.join(","), ...rows.map((r) => columns.map((col) => cell(r[col])).join(","))];
  return new Response(`${lines.join("\r\n")}\r\n`, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });
}
