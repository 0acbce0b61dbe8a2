// What a player fetches before it can play (docs/decisions/029, proof of delivery): a view qualifies only when
// the stream route served the viewer ≥ 80 % of the item's bytes within 24 hours before the view's start.
//
// A browser's media element asks `Range: bytes=0-` and gets the whole item back as one 206 (the load items are
// 23–242 KB; the 8 MiB stream item is fetched the same way). The stream answers `Cache-Control: private,
// max-age=3600` with `Vary: Cookie`, so the same member's browser replays an item it fetched within the hour
// from its cache, without a request: such a replay still pays, since the object counts bytes served up to
// 24 hours before the start. Each signed-in user here is one browser with that cache (shared by both mixes of
// a run: the same accounts, the same browsers).
import type { Client } from "./client.ts";
import type { Item, User } from "./setup.ts";

/** The stream's max-age (worker/routes/content.ts): within it a browser replays from its cache. */
const CACHE_MS = 3600_000;

const MEDIA_KIND = {
  whole: "media stream (player, bytes=0-, 23–242 KB item)",
  /** The 8 MiB item: only the too-early completes play it (its own row: one is 35 of the small ones). */
  large: "media stream (player, bytes=0-, 8 MiB item)",
  half: "attack: half the media streamed",
} as const;

/** user id → item id → when the browser last received the whole item. */
const cache = new Map<string, Map<string, number>>();

export type MediaStats = { fetched: number; fromCache: number; bytes: number; short: number };
export const mediaStats: MediaStats = { fetched: 0, fromCache: 0, bytes: 0, short: 0 };

/** Whether this user's browser holds the whole item (so a replay needs no request). */
function cached(user: User, item: Item) {
  const at = cache.get(user.id)?.get(item.id);
  return at !== undefined && performance.now() - at < CACHE_MS;
}

/**
 * The media as a player gets it before playing: from the browser's cache if it is there, else the whole item
 * through the stream route (206 for `bytes=0-`): "error" when the fetch failed (an error, already counted),
 * "short" when fewer bytes came than the item has (the view cannot qualify: the caller reports an anomaly).
 */
export async function loadMedia(c: Client, user: User, item: Item): Promise<"ok" | "error" | "short"> {
  if (cached(user, item)) {
    mediaStats.fromCache++;
    return "ok";
  }
  const res = await c.call(
    item.size > 1048576 ? MEDIA_KIND.large : MEDIA_KIND.whole,
    "GET",
    `/api/content/${item.id}/stream`,
    {
      cookie: user.cookie,
      headers: { range: "bytes=0-" },
      ok: [206],
      json: false,
    },
  );
  if (!res.ok) return "error";
  mediaStats.fetched++;
  mediaStats.bytes += res.bytes;
  if (res.bytes !== item.size) {
    mediaStats.short++;
    return "short";
  }
  let mine = cache.get(user.id);
  if (!mine) cache.set(user.id, (mine = new Map()));
  mine.set(item.id, performance.now());
  return "ok";
}

/** The first half of the item only (a client that stops the download early): 206, never cached as whole. */
export async function loadHalf(c: Client, user: User, item: Item): Promise<boolean> {
  const half = Math.floor(item.size / 2);
  const res = await c.call(MEDIA_KIND.half, "GET", `/api/content/${item.id}/stream`, {
    cookie: user.cookie,
    headers: { range: `bytes=0-${half - 1}` },
    ok: [206],
    json: false,
  });
  if (res.ok) mediaStats.bytes += res.bytes;
  return res.ok && res.bytes === half;
}

/**
 * Items this user's browser never received whole in this run (the run is far shorter than the 24 hours the
 * object counts a delivery for): a view of one of them with only half of it streamed must not qualify.
 */
export const neverFetched = (user: User, items: Item[]) => items.filter((i) => !cache.get(user.id)?.has(i.id));
