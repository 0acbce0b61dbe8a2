import { env } from "cloudflare:test";
import { foldViewEarningsStatements } from "../db/queries/archive/period-close";
import { newId } from "../lib/ids";

// The period close as the archive core runs it (docs/decisions/051, 052): one D1 batch that inserts the part's
// `archive_parts` row (the permit the permanence trigger checks, and the key that makes a repeat fail whole)
// and then the fold's statements. The views archive's own delete of the views is not on this branch; the
// views stay in place here, which the readers never need once their rewards are folded.

let parts = 0;
// Earnable places are unique per (viewer, item, day); these worlds write more views than the three places a
// day, so each gets a place number of its own (no reader of the ledger looks at it).
let places = 0;

/** Folds the views of `day` with afterKey < id <= lastKey at `now`, as part `part` (a new number by default). */
export async function foldPart(day: string, afterKey: string, lastKey: string, now: string, part = ++parts) {
  const permit = env.DB.prepare(
    `insert into archive_parts (dataset, day, part, after_key, last_key, rows, kept, bytes, sha256, object_key, created_at)
     values ('views', ?1, ?2, ?3, ?4, 0, 0, 0, '', ?5, ?6)`,
  ).bind(day, part, afterKey, lastKey, `views/${day}/part-${String(part).padStart(4, "0")}.ndjson.gz`, now);
  await env.DB.batch([permit, ...foldViewEarningsStatements(env.DB, day, afterKey, lastKey, now)]);
  return part;
}

/** A view row as the watch-session object leaves it once the earnings job credited it. */
export async function creditedView(o: {
  viewerId: string;
  creatorId: string;
  contentId: string;
  startedAt: string;
  id?: string;
}) {
  const id = o.id ?? newId();
  await env.DB.prepare(
    `insert into views (id, content_id, viewer_id, creator_id, discovery_method, started_at, last_event_at, status, qualified_at, qualified_day, credit_slot)
     values (?1, ?2, ?3, ?4, 'browse', ?5, ?5, 'credited', ?5, substr(?5, 1, 10), ?6)`,
  )
    .bind(id, o.contentId, o.viewerId, o.creatorId, o.startedAt, ++places)
    .run();
  return id;
}

/** One side's reward of a view, as settle-views.ts writes it, with the hold's end given. */
export async function viewReward(o: {
  userId: string;
  kind: "viewer" | "creator";
  viewId: string;
  contentId: string;
  micros: number;
  createdAt: string;
  availableAt: string;
}) {
  const id = newId();
  await env.DB.prepare(
    `insert into earnings (id, user_id, kind, view_id, content_id, amount_micros, description, created_at, available_at)
     values (?1, ?2, ?3, ?4, ?5, ?6, 'Reward', ?7, ?8)`,
  )
    .bind(id, o.userId, o.kind, o.viewId, o.contentId, o.micros, o.createdAt, o.availableAt)
    .run();
  return id;
}
