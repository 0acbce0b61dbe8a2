import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { content, playbackEvents, views } from "../schema";

export type NewView = typeof views.$inferInsert;

/** Starts a view and records its start event, in one batch. */
export async function startView(db: Db, view: NewView, eventId: string) {
  await db.batch([
    db.insert(views).values(view),
    db.insert(playbackEvents).values({
      id: eventId, viewId: view.id, eventType: "start", secondMark: 0, receivedAt: view.startedAt, accepted: true,
    }),
  ]);
}

export type ViewWithDuration = typeof views.$inferSelect & { durationMs: number };

/** The caller's view by id, or their latest view of that content; with the content's duration. */
export async function findViewForEvent(db: Db, viewerId: string, contentId: string, viewId?: string) {
  const rows = await db
    .select({ view: views, durationMs: content.durationMs })
    .from(views)
    .innerJoin(content, eq(content.id, views.contentId))
    .where(
      viewId
        ? and(eq(views.id, viewId), eq(views.viewerId, viewerId), eq(views.contentId, contentId))
        : and(eq(views.viewerId, viewerId), eq(views.contentId, contentId)),
    )
    .orderBy(desc(views.startedAt))
    .limit(1);
  const row = rows[0];
  return row ? ({ ...row.view, durationMs: row.durationMs } satisfies ViewWithDuration) : null;
}

export type ProgressWrite = {
  viewId: string;
  eventId: string;
  eventType: "start" | "progress" | "complete";
  positionMs: number;
  receivedAt: string;
  accepted: boolean;
  /** New high-water mark when accepted. */
  maxPositionMs?: number;
  qualify?: { at: string; day: string };
};

/**
 * Records the event and, when accepted, moves the high-water mark forward. Conditions in the UPDATE keep it
 * monotonic even if two events race, and a view leaves "open" only once.
 */
export async function recordProgress(db: Db, w: ProgressWrite) {
  const event = db.insert(playbackEvents).values({
    id: w.eventId, viewId: w.viewId, eventType: w.eventType, secondMark: w.positionMs, receivedAt: w.receivedAt, accepted: w.accepted,
  });
  if (!w.accepted || w.maxPositionMs === undefined) return void (await event);
  const advance = db
    .update(views)
    .set({ maxPositionMs: w.maxPositionMs, lastEventAt: w.receivedAt, watchTimeMs: w.maxPositionMs })
    .where(and(eq(views.id, w.viewId), sql`${views.maxPositionMs} <= ${w.maxPositionMs}`));
  const qualify = w.qualify
    ? [
        db
          .update(views)
          .set({ status: "qualified", qualifiedAt: w.qualify.at, qualifiedDay: w.qualify.day })
          .where(and(eq(views.id, w.viewId), eq(views.status, "open"))),
      ]
    : [];
  await db.batch([event, advance, ...qualify]);
}
