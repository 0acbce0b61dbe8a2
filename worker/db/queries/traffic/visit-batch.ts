import type { Db } from "../../client";
import type { VisitRecord } from "./traffic";

// The statements of one batch of queued page visits (docs/decisions/079, 085): two reads (what the batch's visits
// name, then their sessions) and one write batch of at most five statements, each taking every row of the batch as
// one JSON parameter (D1 binds at most 100 values to a statement; a JSON array has no such bound). The raw visits
// are in R2 (domain/traffic/raw-visits.ts); D1 gets one row per object naming it.

/** A visit as the tracker queues it: the stored record and its id, chosen by the route. */
export type QueuedVisit = VisitRecord & { id: string };

/** A session's row as stored (`traffic_sessions`); tagged and converted are 0 or 1. */
export type SessionRow = {
  scope: string;
  session_id: string;
  first_at: string;
  last_at: string;
  page_views: number;
  max_duration: number;
  source: string;
  device_type: string;
  campaign: string | null;
  tagged: number;
  converted: number;
  /** JSON array of the visit ids last counted (the site scope's row; "[]" in a creator's). */
  counted: string;
};

/** What the batch's visits name, read once: the members and items of their paths. */
export type VisitBatchFacts = {
  /** Member → account creation time, for the members the visits name (signed in, or a /creator/ page). */
  userCreatedAt: Map<string, string>;
  /** Item → its creator, for the /content/ pages the visits name. */
  contentCreator: Map<string, string>;
};

const inJson = (column: string) => `${column} in (select value from json_each(?1))`;

export async function readVisitBatchFacts(db: Db, userIds: string[], contentIds: string[]): Promise<VisitBatchFacts> {
  const d1 = db.$client;
  const [users, content] = await d1.batch([
    d1.prepare(`select id, created_at from users where ${inJson("id")}`).bind(JSON.stringify(userIds)),
    d1.prepare(`select id, created_by from content where ${inJson("id")}`).bind(JSON.stringify(contentIds)),
  ]);
  return {
    userCreatedAt: new Map((users!.results as { id: string; created_at: string }[]).map((r) => [r.id, r.created_at])),
    contentCreator: new Map(
      (content!.results as { id: string; created_by: string }[]).map((r) => [r.id, r.created_by]),
    ),
  };
}

/** The sessions of these (scope, session id) keys, by primary key. */
export async function readSessions(db: Db, keys: [scope: string, sessionId: string][]): Promise<SessionRow[]> {
  if (!keys.length) return [];
  const { results } = await db.$client
    .prepare(
      `select s.* from json_each(?1) k join traffic_sessions s
       on s.scope = json_extract(k.value, '$[0]') and s.session_id = json_extract(k.value, '$[1]')`,
    )
    .bind(JSON.stringify(keys))
    .all<SessionRow>();
  return results;
}

/** What one batch adds: its raw visits' objects, the sessions as they end the batch, and the rollups' increments. */
export type VisitBatchWrites = {
  /** [day, name, rows] of each R2 object the batch put (raw-visits.ts) */
  objects: [string, string, number][];
  sessions: SessionRow[];
  /** [scope, day, sessions, views, duration, bounces] */
  days: [string, string, number, number, number, number][];
  /** [scope, day, dimension, value, sessions, conversions] */
  counts: [string, string, string, string, number, number][];
  /** [scope, day, page_path, views] */
  pageDays: [string, string, string, number][];
};

const at = (i: number) => `json_extract(value, '$[${i}]')`;
const field = (name: string) => `json_extract(value, '$.${name}')`;

/**
 * One D1 batch (one transaction): the rows naming the raw visits' objects (put in R2 before), the sessions' rows as
 * the batch leaves them (with the ids they counted), then each rollup's increments as one upsert. The traffic consumer runs one batch at a
 * time (wrangler.jsonc `max_concurrency`), so the sessions it read are the sessions it writes over.
 */
export async function writeVisitBatch(db: Db, w: VisitBatchWrites) {
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [];
  const add = (rows: unknown[], sql: string) => {
    if (rows.length) statements.push(d1.prepare(sql).bind(JSON.stringify(rows)));
  };
  add(
    w.objects,
    `insert into traffic_visit_batches (day, name, rows)
     select ${[0, 1, 2].map(at).join(", ")} from json_each(?1) where true on conflict (day, name) do nothing`,
  );
  const sessionColumns = [
    "scope",
    "session_id",
    "first_at",
    "last_at",
    "page_views",
    "max_duration",
    "source",
    "device_type",
    "campaign",
    "tagged",
    "converted",
    "counted",
  ];
  add(
    w.sessions,
    `insert into traffic_sessions (${sessionColumns.join(", ")})
     select ${sessionColumns.map(field).join(", ")} from json_each(?1) where true
     on conflict (scope, session_id) do update set last_at = excluded.last_at, page_views = excluded.page_views,
       max_duration = excluded.max_duration, campaign = excluded.campaign, tagged = excluded.tagged,
       converted = excluded.converted, counted = excluded.counted`,
  );
  add(
    w.days,
    `insert into traffic_days (scope, day, sessions, views, duration, bounces)
     select ${[0, 1, 2, 3, 4, 5].map(at).join(", ")} from json_each(?1) where true
     on conflict (scope, day) do update set sessions = sessions + excluded.sessions, views = views + excluded.views,
       duration = duration + excluded.duration, bounces = bounces + excluded.bounces`,
  );
  add(
    w.counts,
    `insert into traffic_day_counts (scope, day, dimension, value, sessions, conversions)
     select ${[0, 1, 2, 3, 4, 5].map(at).join(", ")} from json_each(?1) where true
     on conflict (scope, day, dimension, value) do update set sessions = sessions + excluded.sessions,
       conversions = conversions + excluded.conversions`,
  );
  add(
    w.pageDays,
    `insert into traffic_page_days (scope, day, page_path, views)
     select ${[0, 1, 2, 3].map(at).join(", ")} from json_each(?1) where true
     on conflict (scope, day, page_path) do update set views = views + excluded.views`,
  );
  if (statements.length) await d1.batch(statements);
}
