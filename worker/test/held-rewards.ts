import { env } from "cloudflare:test";
import { newId } from "../lib/ids";

// Rows for tests of the sweep's rules over held rewards: items, and views with their two rewards as the earnings
// job writes them, at a test's own clock, from a chosen address key (the first 8 hex digits name its network).

const iso = (ms: number) => new Date(ms).toISOString();
/** views_credit_slot_unique: a slot of its own for every credited view. */
let slots = 0;

export type HeldItem = { id: string; creator: string };

/** Items of the given creators, made long ago. */
export async function heldItems(creators: string[], atMs: number): Promise<HeldItem[]> {
  const items = creators.map((creator) => ({ id: newId(), creator }));
  await env.DB.batch(
    items.map((it) =>
      env.DB.prepare(
        `insert into content (id, title, type, r2_key, media_size, media_content_type, duration_ms, created_by, created_at, updated_at, published_at)
         values (?1, 'Held world item', 'video', ?2, 1000, 'video/mp4', 10000, ?3, ?4, ?4, ?4)`,
      ).bind(it.id, `test/${it.id}.mp4`, it.creator, iso(atMs)),
    ),
  );
  return items;
}

/**
 * A view of `item` by `viewer` from `address` at `atMs`: credited (both rewards written, held `holdMs`) or, with
 * `credited` false, one that ended unpaid (it still records the address). Returns the viewer-side reward's id.
 */
export async function heldView(
  viewer: string,
  item: HeldItem,
  address: string,
  atMs: number,
  { credited = true, holdMs = 7 * 86_400_000 } = {},
): Promise<string> {
  const id = newId();
  const at = iso(atMs);
  const reward = newId();
  await env.DB.batch([
    env.DB.prepare(
      `insert into views (id, content_id, viewer_id, creator_id, discovery_method, ip_hash, started_at, max_position_ms,
         last_event_at, qualified_at, qualified_day, status, watch_time_ms, credit_slot)
       values (?1, ?2, ?3, ?4, 'browse', ?5, ?6, 10000, ?6, ?7, ?8, ?9, 10000, ?10)`,
    ).bind(
      id,
      item.id,
      viewer,
      item.creator,
      address,
      at,
      credited ? at : null,
      credited ? at.slice(0, 10) : null,
      credited ? "credited" : "ended",
      credited ? ++slots : null,
    ),
    ...(credited
      ? (["viewer", "creator"] as const).map((kind) =>
          env.DB.prepare(
            `insert into earnings (id, user_id, kind, view_id, content_id, amount_micros, created_at, available_at)
             values (?1, ?2, ?3, ?4, ?5, 3000, ?6, ?7)`,
          ).bind(
            kind === "viewer" ? reward : newId(),
            kind === "viewer" ? viewer : item.creator,
            kind,
            id,
            item.id,
            at,
            iso(atMs + holdMs),
          ),
        )
      : []),
  ]);
  return reward;
}

/** Reverses a reward (as a takedown would): one reversal row keyed by it. */
export const reverseReward = (earningId: string, atMs: number) =>
  env.DB.prepare(
    `insert into reversals (earning_id, user_id, side, view_id, amount_micros, reason, review_id, created_by, created_at)
     select id, user_id, kind, view_id, -amount_micros, 'takedown', 'test', 'test', ?2 from earnings where id = ?1`,
  )
    .bind(earningId, iso(atMs))
    .run();
