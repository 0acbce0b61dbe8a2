import { type DeliveredRange, MAX_RANGES_PER_ITEM, overlayRange } from "../domain/views/delivery";
import { withoutRowidTable } from "./table-layout";

// The object's own record of the bytes the stream route served this viewer, per item (docs/decisions/029).
// Ranges never overlap (a newer one replaces what it covers), so their lengths add up to the union.
//
// Keyed by (item, start), stored once, with no other index (docs/decisions/084-rows-of-the-watch-session-object.md):
// every insert, update and delete writes 1 row. The table holds what was served in the last day (at most
// MAX_RANGES_PER_ITEM per item), so the purge by time reads it whole at a thousandth of a row written per row.

type Row = { start: number; end_exclusive: number; at_ms: number };

const sameRange = (a: DeliveredRange, b: DeliveredRange) => a.start === b.start && a.end === b.end && a.atMs === b.atMs;

export class DeliveryStore {
  constructor(private readonly sql: SqlStorage) {
    withoutRowidTable(
      sql,
      "deliveries",
      `content_id text not null, start integer not null, end_exclusive integer not null, at_ms integer not null,
       primary key (content_id, start)`,
      // Older ranges never overlap either, so (item, start) is already unique; `or ignore` only guards the key.
      (rebuilt) =>
        `insert or ignore into ${rebuilt} select content_id, start, end_exclusive, at_ms from deliveries where true`,
    );
  }

  ranges(contentId: string): DeliveredRange[] {
    return this.sql
      .exec<Row>("select start, end_exclusive, at_ms from deliveries where content_id = ? order by start", contentId)
      .toArray()
      .map((r) => ({ start: r.start, end: r.end_exclusive, atMs: r.at_ms }));
  }

  /**
   * Lays the range over the kept ones. Each row the overlay removes is rewritten in place as one it inserts (1 row
   * written, not a delete and an insert), the one with its start first: a stream response's later report, which only
   * extends its earlier one, writes 1 row. Only what is left over is deleted or inserted.
   */
  add(contentId: string, range: DeliveredRange) {
    const existing = this.sql
      .exec<Row>(
        "select start, end_exclusive, at_ms from deliveries where content_id = ? and start < ? and end_exclusive > ?",
        contentId,
        range.end,
        range.start,
      )
      .toArray()
      .map((r) => ({ start: r.start, end: r.end_exclusive, atMs: r.at_ms }));
    const { remove, insert } = overlayRange(existing, range);
    const freed = [...remove];
    const rest: DeliveredRange[] = [];
    // In place where the start stays: the row keeps its key.
    for (const r of insert) {
      const i = freed.findIndex((f) => f.start === r.start);
      if (i < 0) {
        rest.push(r);
        continue;
      }
      const [old] = freed.splice(i, 1);
      if (!sameRange(old!, r)) this.rewrite(contentId, old!.start, r);
    }
    // Then a freed row takes a new start. No kept row starts there: the starts that remain are the added range's
    // (no overlapped row had it, or it was rewritten above) and its end (every row starting there lies after it).
    for (const r of rest) {
      const old = freed.shift();
      if (old) this.rewrite(contentId, old.start, r);
      else this.sql.exec("insert into deliveries values (?, ?, ?, ?)", contentId, r.start, r.end, r.atMs);
    }
    for (const r of freed)
      this.sql.exec("delete from deliveries where content_id = ? and start = ?", contentId, r.start);
    this.sql.exec(
      `delete from deliveries where content_id = ?1 and start not in
         (select start from deliveries where content_id = ?1 order by at_ms desc limit ?2)`,
      contentId,
      MAX_RANGES_PER_ITEM,
    );
  }

  private rewrite(contentId: string, start: number, r: DeliveredRange) {
    this.sql.exec(
      "update deliveries set start = ?, end_exclusive = ?, at_ms = ? where content_id = ? and start = ?",
      r.start,
      r.end,
      r.atMs,
      contentId,
      start,
    );
  }

  /** Drops ranges served before `beforeMs`: no open or future view can count them any more. */
  purge(beforeMs: number) {
    this.sql.exec("delete from deliveries where at_ms < ?", beforeMs);
  }
}
