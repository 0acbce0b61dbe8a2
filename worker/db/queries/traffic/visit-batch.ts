import type { Db } from "../../client";
import type { VisitRecord } from "./traffic";

// The statements of one batch of queued page visits (docs/decisions/079): two reads (what the batch's visits name,
// then their sessions) and one write batch of at most five statements, each taking every row of the batch as one
// JSON parameter (D1 binds at most 100 values to a statement; a JSON array has no such bound).

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
};

/** What the batch's visits name, read once: visits already stored, the members and items of their paths. */
export type VisitBatchFacts = {
  storedIds: Set<string>;
  /** Member → account creation time, for the members the visits name (signed in, or a /creator/ page). */
  userCreatedAt: Map<string, string>;
  /** Item → its creator, for the /content/ pages the visits name. */
  contentCreator: Map<string, string>;
};

const inJson = (column: string) => `${column} in (select value from json_each(?1))`;

export async function readVisitBatchFacts(
  db: Db,
  visitIds: string[],
  userIds: string[],
  contentIds: string[],
): Promise<VisitBatchFacts> {
  const d1 = db.$client;
  const [stored, users, content] = await d1.batch([
    d1.prepare(`select id from page_visits where ${inJson("id")}`).bind(JSON.stringify(visitIds)),
    d1.prepare(`select id, created_at from users where ${inJson("id")}`).bind(JSON.stringify(userIds)),
    d1.prepare(`select id, created_by from content where ${inJson("id")}`).bind(JSON.stringify(contentIds)),
  ]);
  return {
    storedIds: new Set((stored!.results as { id: string }[]).map((r) => r.id)),
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

/** What one batch adds: the new visits, the sessions as they end the batch, and the rollups' increments. */
export type VisitBatchWrites = {
  visits: QueuedVisit[];
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
 * One D1 batch (one transaction): the raw visits (a visit stored before is left as it is), the sessions' rows as
 * the batch leaves them, then each rollup's increments as one upsert. The traffic consumer runs one batch at a
 * time (wrangler.jsonc `max_concurrency`), so the sessions it read are the sessions it writes over.
 */
export async function writeVisitBatch(db: Db, w: VisitBatchWrites) {
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [];
  const add = (rows: unknown[], sql: string) => {
    if (rows.length) statements.push(d1.prepare(sql).bind(JSON.stringify(rows)));
  };
  const visitColumns = [
    ["id", "id"],
    ["session_id", "session_id"],
    ["user_id", "userId"],
    ["page_path", "page_path"],
    ["referrer", "referrer"],
    ["visit_duration", "visit_duration"],
    ["page_views", "page_views"],
    ["device_type", "device_type"],
    ["browser", "browser"],
    ["user_agent", "user_agent"],
    ["utm_source", "utm_source"],
    ["utm_medium", "utm_medium"],
    ["utm_campaign", "utm_campaign"],
    ["utm_term", "utm_term"],
    ["utm_content", "utm_content"],
    ["source", "source"],
    ["ip_hash", "ipHash"],
    ["created_at", "createdAt"],
  ] as const;
  add(
    w.visits,
    `insert into page_visits (${visitColumns.map(([c]) => c).join(", ")})
     select ${visitColumns.map(([, k]) => field(k)).join(", ")} from json_each(?1) where true
     on conflict (id) do nothing`,
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
  ];
  add(
    w.sessions,
    `insert into traffic_sessions (${sessionColumns.join(", ")})
     select ${sessionColumns.map(field).join(", ")} from json_each(?1) where true
     on conflict (scope, session_id) do update set last_at = excluded.last_at, page_views = excluded.page_views,
       max_duration = excluded.max_duration, campaign = excluded.campaign, tagged = excluded.tagged,
       converted = excluded.converted`,
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
