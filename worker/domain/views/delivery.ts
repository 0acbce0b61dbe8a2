// Proof of delivery (docs/decisions/029): a view pays only when the stream route actually sent that viewer
// enough of the item's bytes. Pure rules; the watch-session object keeps the ranges in its own SQLite.

/** At least this share of the media bytes must have been served to the viewer for the item. */
const DELIVERY_FRACTION = 0.8;

/**
 * Bytes served this long before a view's start still count for it: a re-watch played from the browser's
 * cache (no request within the stream's max-age of an hour, then 304 revalidations that carry no bytes) is
 * paid within a day of the download. A farm gains nothing from a longer reuse: one fetch can back at most
 * the 3 earnable views per (viewer, item, UTC day), so at most 6 across a day boundary, and it must fetch
 * ≥ 80 % of the file again every day for every (account, item) it farms.
 */
export const DELIVERY_WINDOW_MS = 24 * 3600_000;

/** Ranges kept per (viewer, item); beyond it the oldest go (losing evidence only hurts whoever made so many). */
export const MAX_RANGES_PER_ITEM = 200;

/** A served byte range, end exclusive, with when it was served (server epoch ms). */
export type DeliveredRange = { start: number; end: number; atMs: number };

/**
 * Records a newly served range over the ones kept: the new range replaces the overlapped parts of older
 * ones, so every byte carries its latest delivery time and the kept ranges never overlap (their lengths
 * add up to the union). Returns what to delete and what to insert.
 */
export function overlayRange(existing: DeliveredRange[], added: DeliveredRange) {
  const overlapped = existing.filter((r) => r.start < added.end && r.end > added.start);
  const leftovers: DeliveredRange[] = [];
  for (const r of overlapped) {
    if (r.start < added.start) leftovers.push({ ...r, end: added.start });
    if (r.end > added.end) leftovers.push({ ...r, start: added.end });
  }
  return { remove: overlapped, insert: [...leftovers, added] };
}

/** Bytes covered by non-overlapping ranges served since `sinceMs`. */
export const coveredBytes = (ranges: DeliveredRange[], sinceMs: number) =>
  ranges.reduce((sum, r) => (r.atMs >= sinceMs ? sum + (r.end - r.start) : sum), 0);

/** Whether the bytes served cover enough of the item. An unknown size (0) proves nothing. */
export const deliveredEnough = (covered: number, mediaSize: number) =>
  mediaSize > 0 && covered >= DELIVERY_FRACTION * mediaSize;

/** The earliest delivery time that still counts for a view started at `startedAtMs`. */
export const deliveryCountsSince = (startedAtMs: number) => startedAtMs - DELIVERY_WINDOW_MS;
