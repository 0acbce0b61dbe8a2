import { type DeliveredRange, MAX_RANGES_PER_ITEM, overlayRange } from "../domain/views/delivery";

// The object's own record of the bytes the stream route served this viewer, per item (docs/decisions/029).
// Ranges never overlap (a newer one replaces what it covers), so their lengths add up to the union.

type Row = { start: number; end_exclusive: number; at_ms: number };

export class DeliveryStore {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`create table if not exists deliveries (
      content_id text not null, start integer not null, end_exclusive integer not null, at_ms integer not null)`);
    sql.exec("create index if not exists deliveries_content_idx on deliveries (content_id, start)");
    sql.exec("create index if not exists deliveries_at_idx on deliveries (at_ms)");
  }

  ranges(contentId: string): DeliveredRange[] {
    return this.sql
      .exec<Row>("select start, end_exclusive, at_ms from deliveries where content_id = ? order by start", contentId)
      .toArray()
      .map((r) => ({ start: r.start, end: r.end_exclusive, atMs: r.at_ms }));
  }

  add(contentId: string, range: DeliveredRange) {
    const existing = this.sql
      .exec<Row & { id: number }>(
        "select rowid as id, start, end_exclusive, at_ms from deliveries where content_id = ? and start < ? and end_exclusive > ?",
        contentId,
        range.end,
        range.start,
      )
      .toArray();
    const { insert } = overlayRange(
      existing.map((r) => ({ start: r.start, end: r.end_exclusive, atMs: r.at_ms })),
      range,
    );
    for (const r of existing) this.sql.exec("delete from deliveries where rowid = ?", r.id);
    for (const r of insert)
      this.sql.exec("insert into deliveries values (?, ?, ?, ?)", contentId, r.start, r.end, r.atMs);
    this.sql.exec(
      `delete from deliveries where content_id = ?1 and rowid not in
         (select rowid from deliveries where content_id = ?1 order by at_ms desc limit ?2)`,
      contentId,
      MAX_RANGES_PER_ITEM,
    );
  }

  /** Drops ranges served before `beforeMs`: no open or future view can count them any more. */
  purge(beforeMs: number) {
    this.sql.exec("delete from deliveries where at_ms < ?", beforeMs);
  }
}
