import { getTableColumns, type Table } from "drizzle-orm";

// Raw SQL that reads whole rows (FTS5 joins, D1 batches) names the columns from the drizzle table, never by
// hand, so a column added to the schema arrives in the row type and in the row together
// (docs/decisions/068-database-logic-in-sight.md).

/** `alias.column as "field"` for every column, so a raw read comes back in drizzle's row shape. */
export const rowColumnsSql = (table: Table, alias: string) =>
  Object.entries(getTableColumns(table))
    .map(([field, column]) => `${alias}.${column.name} as "${field}"`)
    .join(", ");
