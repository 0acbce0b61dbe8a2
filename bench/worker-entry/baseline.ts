// The D1 playback path the watch-session objects replaced (git show 22510e7:worker/routes/playback.ts), for the
// side-by-side of `npm run bench:load`, and the earnings poll as it was before the cheap poll (decision 022).
//
// Start: the content lookup, then an open `views` row and its start event in one batch. Each event: the view
// joined with its content, judged by the product's current rule (`judgeEvent`, over the session this path
// keeps in the views row), then one batch: the event row, the view's high-water mark and watched time, and on
// qualifying the status (plus the challenge refresh, as before). Bodies are checked by the API's own schemas
// (common/schemas/playback.ts). Events go to `bench_playback_events` (`playback_events` was dropped by
// migration 0007), created on first use. Signed in by the same session cookie lookup as the API; only ever
// served by the bench Worker on loopback.
import { and, desc, eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { Hono } from "hono";
import { playbackEventBody, playbackStartBody } from "../../common/schemas/playback.ts";
import type { AppEnv, SignedInEnv } from "../../worker/app-env.ts";
import { findContent } from "../../worker/db/queries/content/content.ts";
import { content, views } from "../../worker/db/schema/index.ts";
import { refreshChallenges } from "../../worker/domain/challenges/refresh.ts";
import { runEarningsJob } from "../../worker/domain/earnings/run-job.ts";
import { completePositionMs, judgeEvent, type Session, utcDay } from "../../worker/domain/views/rules.ts";
import { addressGroupHash } from "../../worker/lib/address-group.ts";
import { notFound } from "../../worker/lib/errors.ts";
import { newId } from "../../worker/lib/ids.ts";
import { nowIso } from "../../worker/lib/time.ts";
import { validate } from "../../worker/lib/validate.ts";
import { requireUser } from "../../worker/middleware/access.ts";
import { requestContext } from "../../worker/middleware/context.ts";
import { handleError } from "../../worker/middleware/error-handler.ts";
import { sameOriginOnly, securityHeaders } from "../../worker/middleware/security.ts";

const benchPlaybackEvents = sqliteTable("bench_playback_events", {
  id: text("id").primaryKey(),
  viewId: text("view_id").notNull(),
  eventType: text("event_type", { enum: ["start", "progress", "complete"] }).notNull(),
  secondMark: integer("second_mark_ms").notNull(),
  receivedAt: text("received_at").notNull(),
  accepted: integer("accepted", { mode: "boolean" }).notNull(),
});

const BASELINE_DDL = [
  `create table if not exists bench_playback_events (id text primary key not null, view_id text not null
     references views (id) on delete cascade, event_type text not null, second_mark_ms integer not null,
     received_at text not null, accepted integer not null)`,
  "create index if not exists bench_playback_events_view_idx on bench_playback_events (view_id, received_at)",
];
let baselineTable: Promise<unknown> | null = null;
export function ensureBaselineTable(db: D1Database) {
  baselineTable ??= db.batch(BASELINE_DDL.map((q) => db.prepare(q))).catch((err: unknown) => {
    baselineTable = null;
    throw err;
  });
  return baselineTable;
}

const baselineRoutes = new Hono<SignedInEnv>()
  // The poll as it was before the cheap poll (docs/decisions/022): every home page's call ran the site-wide
  // earnings job, the cron's `runEarningsJob`, with the caller's credit reported as the route does.
  .post("/earnings/calculate", async (c) => {
    const result = await runEarningsJob({ ctx: { db: c.get("db") }, input: { now: nowIso() } });
    return c.json({ ...result, credited_usd: 0 }, 200);
  })
  .post("/playback-events", validate("json", playbackStartBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const item = await findContent(db, body.content_id);
    if (!item) throw notFound("Content not found");
    const now = nowIso();
    const ip = c.req.header("cf-connecting-ip") ?? "";
    const view = {
      id: newId(),
      contentId: item.id,
      viewerId: c.get("user").id,
      creatorId: item.createdBy,
      discoveryMethod: body.discovery_method,
      deviceFingerprint: body.device_fingerprint,
      ipHash: ip ? await addressGroupHash(c.get("settings").sessionSecret, ip) : "",
      startedAt: now,
      lastEventAt: now,
    };
    await db.batch([
      db.insert(views).values(view),
      db
        .insert(benchPlaybackEvents)
        .values({ id: newId(), viewId: view.id, eventType: "start", secondMark: 0, receivedAt: now, accepted: true }),
    ]);
    return c.json({ view_id: view.id }, 201);
  })
  .post("/events/playback", validate("json", playbackEventBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const viewerId = c.get("user").id;
    const rows = await db
      .select({ view: views, durationMs: content.durationMs })
      .from(views)
      .innerJoin(content, eq(content.id, views.contentId))
      .where(
        body.view_id
          ? and(eq(views.id, body.view_id), eq(views.viewerId, viewerId), eq(views.contentId, body.content_id))
          : and(eq(views.viewerId, viewerId), eq(views.contentId, body.content_id)),
      )
      .orderBy(desc(views.startedAt))
      .limit(1);
    const row = rows[0];
    if (!row) throw notFound("No playback session for this content; start playing it again");
    const view = row.view;
    const nowMs = Date.now();
    const positionMs = Math.round(body.second_mark * 1000);
    // Today's rule (worker/domain/views/rules.ts), over the session as this path keeps it in the views row.
    const session: Session = {
      startedAtMs: Date.parse(view.startedAt),
      lastEventAtMs: Date.parse(view.lastEventAt),
      positionMs: view.maxPositionMs,
      accruedMs: view.watchTimeMs,
      durationMs: row.durationMs,
      earning: view.status === "open",
    };
    const verdict = judgeEvent(
      session,
      body.event_type === "complete" ? completePositionMs(session, positionMs) : positionMs,
      nowMs,
    );
    const receivedAt = nowIso(nowMs);
    const event = db.insert(benchPlaybackEvents).values({
      id: newId(),
      viewId: view.id,
      eventType: body.event_type,
      secondMark: positionMs,
      receivedAt,
      accepted: verdict.accepted,
    });
    if (!verdict.accepted) {
      await event;
    } else {
      const next = verdict.session;
      const advance = db
        .update(views)
        .set({ maxPositionMs: next.positionMs, lastEventAt: receivedAt, watchTimeMs: next.accruedMs })
        .where(and(eq(views.id, view.id), sql`${views.maxPositionMs} <= ${next.positionMs}`));
      const qualify = verdict.qualifies
        ? [
            db
              .update(views)
              .set({ status: "qualified", qualifiedAt: receivedAt, qualifiedDay: utcDay(receivedAt) })
              .where(and(eq(views.id, view.id), eq(views.status, "open"))),
          ]
        : [];
      await db.batch([event, advance, ...qualify]);
      if (verdict.qualifies) await refreshChallenges(db, [view.viewerId, view.creatorId], receivedAt);
    }
    const qualified = view.status !== "open" || (verdict.accepted && verdict.qualifies);
    return c.json({ view_id: view.id, accepted: verdict.accepted, qualified }, 200);
  });

/** The same middleware as the API (security headers, session cookie, same-origin guard, signed-in guard). */
export const baselineApp = new Hono<AppEnv>()
  .basePath("/bench/baseline")
  .use(securityHeaders)
  .use(requestContext)
  .use(sameOriginOnly)
  .route("/", new Hono<AppEnv>().use(requireUser).route("/", baselineRoutes));
baselineApp.onError(handleError);
