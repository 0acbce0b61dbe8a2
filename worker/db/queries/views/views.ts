import type { Db } from "../../client";
import type { views } from "../../schema";

export type ViewRecord = typeof views.$inferInsert;

/**
 * A view's one write to D1 (when it qualifies, or when it ends without qualifying), as a raw statement so it
 * can share a batch with the challenge refresh. The id is the session's, so a retry writes nothing twice; an
 * item deleted while it was playing leaves no row (rather than a foreign-key failure that would keep the
 * session from ever ending).
 */
export function insertViewStatement(db: Db, v: ViewRecord): D1PreparedStatement {
  return db.$client
    .prepare(
      `insert into views (id, content_id, viewer_id, creator_id, discovery_method, device_fingerprint, ip_hash,
         started_at, max_position_ms, last_event_at, qualified_at, qualified_day, status, watch_time_ms, end_reason)
       select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15
       where exists (select 1 from content where id = ?2) and exists (select 1 from users where id = ?3)
       on conflict (id) do nothing`,
    )
    .bind(
      v.id,
      v.contentId,
      v.viewerId,
      v.creatorId,
      v.discoveryMethod,
      v.deviceFingerprint ?? "",
      v.ipHash ?? "",
      v.startedAt,
      v.maxPositionMs ?? 0,
      v.lastEventAt,
      v.qualifiedAt ?? null,
      v.qualifiedDay ?? null,
      v.status ?? "open",
      v.watchTimeMs ?? 0,
      v.endReason ?? null,
    );
}

/**
 * A qualified view leaving the watch-session object: what the pacing rules accepted after it qualified (up to
 * the end, docs/decisions/034) reaches its row. Only the watching facts move, and only forward: the status, the
 * qualification and anything paid stay as they are.
 */
export function finishQualifiedViewStatement(
  db: Db,
  v: Pick<ViewRecord, "id" | "maxPositionMs" | "watchTimeMs" | "lastEventAt">,
): D1PreparedStatement {
  return db.$client
    .prepare(
      `update views set max_position_ms = max(max_position_ms, ?2), watch_time_ms = max(watch_time_ms, ?3),
         last_event_at = max(last_event_at, ?4)
       where id = ?1`,
    )
    .bind(v.id, v.maxPositionMs ?? 0, v.watchTimeMs ?? 0, v.lastEventAt);
}
