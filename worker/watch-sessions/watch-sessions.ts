import { DurableObject } from "cloudflare:workers";
import type { PlaybackCountingReason } from "../../common/schemas/playback";
import { createDb, type Db } from "../db/client";
import { refreshChallengeStatements } from "../db/queries/challenges/challenge-progress";
import { finishQualifiedViewStatement, insertViewStatement } from "../db/queries/views/views";
import type { CreditMessage } from "../domain/queues/messages";
import { eventCounting } from "../domain/views/counting";
import { watchedPercent } from "../domain/views/view-outcome";
import { coveredBytes, deliveredEnough, deliveryCountsSince, DELIVERY_WINDOW_MS } from "../domain/views/delivery";
import { FINISHED_FRACTION, type LastPosition, RESUME_MIN_MS } from "../domain/views/resume";
import { completePositionMs, expiryAfterMs, judgeEvent, watchedEnough } from "../domain/views/rules";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import { DeliveryStore } from "./delivery-store";
import { HistoryStore, type HistoryPageInput } from "./history-store";
import { SessionStore, type StoredSession } from "./session-store";
import { type EndCause, viewRecord } from "./view-record";

/** Sessions a viewer may hold open at once; starting more ends the oldest (they could not earn anyway). */
const MAX_OPEN_SESSIONS = 20;
/** Ended views reach D1 in batches of this many statements. */
const WRITE_CHUNK = 50;

export type StartInput = {
  viewerId: string;
  contentId: string;
  creatorId: string;
  durationMs: number;
  discoveryMethod: string;
  deviceFingerprint: string;
  ipHash: string;
  /** content.media_size: the bytes the proof of delivery measures against (docs/decisions/029). */
  mediaSize: number;
};

export type EventInput = {
  viewerId: string;
  contentId: string;
  viewId?: string;
  secondMark: number;
  /** Where the player is now (after a rewind, behind `secondMark`): for resuming only (docs/decisions/097). */
  playheadSeconds?: number;
  /** "complete" ends the view in the same call (its outcome reaches D1 at once). */
  eventType?: "start" | "progress" | "complete";
};

/** Bytes the stream route sent this viewer of one item in one response so far: [start, end), end exclusive. */
/** The playhead to keep for resuming, in ms: never past the furthest accepted position; null when none was sent. */
const playheadOf = (seconds: number | undefined, furthestMs: number) =>
  seconds === undefined ? null : Math.min(Math.round(seconds * 1000), furthestMs);

export type DeliveryInput = { viewerId: string; contentId: string; start: number; end: number };

export type EventOutcome =
  | { found: false }
  | {
      found: true;
      view_id: string;
      accepted: boolean;
      qualified: boolean;
      counting: boolean;
      reason?: PlaybackCountingReason;
      /** Watched time counted so far, whole percent of the item's duration (what the 80 % rule reads). */
      watched_percent: number;
    };

/**
 * One viewer's watch sessions (docs/decisions/015). Every playback event of the viewer comes here and is
 * judged, one at a time, on this object's clock; progress lives in the object's own SQLite and never in D1.
 * A view reaches D1 once: when it qualifies (with the challenge refresh, in one batch) or when it ends.
 * The stream route reports the bytes it served (docs/decisions/029): a view qualifies only when its
 * watching counted and those bytes cover enough of the item, at an event or at a delivery report.
 *
 * An accepted event writes one SQLite row, its session's, before it answers; a refused one writes none
 * (docs/decisions/075-one-write-per-event.md). Everything that decides money is in that row, so an instance
 * evicted at any moment loses nothing an answer reported: what it keeps in memory is only what it can read again.
 */
export class WatchSessions extends DurableObject<Env> {
  private readonly store: SessionStore;
  private readonly deliveries: DeliveryStore;
  private readonly history: HistoryStore;
  private readonly db: Db;
  /** Calls run strictly one after another, even while one waits on D1 (input gates do not cover that). */
  private queue: Promise<unknown> = Promise.resolve();
  /**
   * The alarm's time as this instance last set or read it, so an event does not set it again. A fresh instance
   * reads it again (`getAlarm`): losing it on eviction loses nothing.
   */
  private alarmAt: number | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // One transaction: an older object's tables are rebuilt whole or not at all (table-layout.ts).
    const sql = ctx.storage.sql;
    [this.store, this.deliveries, this.history] = ctx.storage.transactionSync(
      () => [new SessionStore(sql), new DeliveryStore(sql), new HistoryStore(sql)] as const,
    );
    this.db = createDb(env.DB);
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  start(input: StartInput): Promise<{ view_id: string }> {
    return this.serially(async () => {
      const now = Date.now();
      await this.endSessions(now, MAX_OPEN_SESSIONS - 1);
      // A newer start stops every other view: one that never qualified ends now, and its outcome reaches D1
      // in this call (so the member's day list shows it at once); qualified ones stay until they expire.
      const stopped = this.store.all().filter((s) => s.qualifiedAtMs === null);
      await this.writeEnded(stopped, "another_session");
      this.leave(stopped);
      const session: StoredSession = {
        id: newId(),
        viewerId: input.viewerId,
        contentId: input.contentId,
        creatorId: input.creatorId,
        durationMs: input.durationMs,
        discoveryMethod: input.discoveryMethod,
        deviceFingerprint: input.deviceFingerprint,
        ipHash: input.ipHash,
        mediaSize: input.mediaSize,
        startedAtMs: now,
        lastEventAtMs: now,
        positionMs: 0,
        accruedMs: 0,
        earning: true,
        qualifiedAtMs: null,
        endReason: null,
        historyAtMs: null,
        playheadMs: null,
      };
      this.store.insert(session);
      this.store.stopEarningExcept(session.id);
      await this.scheduleExpiry();
      return { view_id: session.id };
    });
  }

  event(input: EventInput): Promise<EventOutcome> {
    return this.serially(async () => {
      const now = Date.now();
      await this.endSessions(now);
      const session = this.store.find(input.contentId, input.viewId);
      if (!session) return { found: false };
      const mark = Math.round(input.secondMark * 1000);
      const verdict = judgeEvent(
        session,
        input.eventType === "complete" ? completePositionMs(session, mark) : mark,
        now,
      );
      // The viewer's history learns the accepted position (resume, Continue watching) in the session's own
      // row, written below anyway: never D1, never read by the money rules (docs/decisions/045, 075). Where the
      // player is now goes with it, never past the furthest accepted position (097): a rewind then a pause
      // resumes there. A playhead beside a position the rules refused as backwards is kept too, and nothing else.
      const accepted: StoredSession = verdict.accepted ? { ...session, ...verdict.session } : session;
      const playheadMs = playheadOf(input.playheadSeconds, accepted.positionMs);
      const heard = verdict.accepted || (verdict.reason === "backwards" && playheadMs !== null);
      const next: StoredSession = heard
        ? { ...accepted, historyAtMs: now, playheadMs: playheadMs ?? accepted.positionMs }
        : { ...session };
      // Watching may have counted before the bytes arrived: every event asks again.
      if (next.qualifiedAtMs === null && this.mayQualify(next)) {
        next.qualifiedAtMs = now;
        await this.writeQualified(next);
      }
      if (input.eventType === "complete") {
        // The player says the view is over: whatever it is, it leaves the object with its outcome in D1.
        if (next.qualifiedAtMs === null) await this.writeEnded([next], "completed");
        else await this.writeFinished([next]);
        this.leave([next]);
      } else if (heard || next.qualifiedAtMs !== session.qualifiedAtMs) {
        // The event's one row. After the D1 write when the view qualified here: cut in between, the session
        // qualifies again at its next event and D1, keyed by the view's id, takes nothing twice (075).
        this.store.save(next);
      }
      await this.scheduleExpiry();
      return {
        found: true,
        view_id: session.id,
        accepted: verdict.accepted,
        qualified: next.qualifiedAtMs !== null,
        ...eventCounting(verdict, session.earning),
        watched_percent: watchedPercent(next.accruedMs, next.durationMs),
      };
    });
  }

  /**
   * The stream route served this viewer [start, end) of an item (reported as the body flows and when it
   * ends or is cancelled). Kept per item; an open view whose watching already counted qualifies now.
   */
  delivered(input: DeliveryInput): Promise<void> {
    return this.serially(async () => {
      const now = Date.now();
      if (input.end > input.start)
        this.deliveries.add(input.contentId, { start: input.start, end: input.end, atMs: now });
      const open = this.store.all();
      this.deliveries.purge(Math.min(now, ...open.map((s) => s.startedAtMs)) - DELIVERY_WINDOW_MS);
      for (const s of open) {
        if (s.contentId !== input.contentId || s.qualifiedAtMs !== null || !this.mayQualify(s)) continue;
        const next = { ...s, qualifiedAtMs: now };
        await this.writeQualified(next);
        this.store.save(next);
      }
    });
  }

  /** The last position the viewer reached in an item, or null (never played, or cleared from the history). */
  lastPosition(contentId: string): Promise<LastPosition | null> {
    return this.serially(() => Promise.resolve(this.history.get(contentId)));
  }

  /** A page of the viewer's history, newest first (`limit + 1` rows: one more tells another page follows). */
  historyPage(input: HistoryPageInput): Promise<LastPosition[]> {
    return this.serially(() =>
      Promise.resolve(this.history.page(input, { minMs: RESUME_MIN_MS, finishedFraction: FINISHED_FRACTION })),
    );
  }

  /**
   * Forgets one item of the viewer's history, or all of it. Only the positions kept for resuming go: open
   * sessions, views, credits and every other fact stay as they are (docs/decisions/045).
   */
  clearHistory(contentId?: string): Promise<void> {
    return this.serially(() => {
      if (contentId) this.history.remove(contentId);
      else this.history.clear();
      this.store.forgetHistory(contentId);
      return Promise.resolve();
    });
  }

  /** Watching counted (≥ 80 % of the duration, while earning) and the bytes served cover ≥ 80 % of the item. */
  private mayQualify(s: StoredSession) {
    if (!s.earning || !watchedEnough(s)) return false;
    return deliveredEnough(
      coveredBytes(this.deliveries.ranges(s.contentId), deliveryCountsSince(s.startedAtMs)),
      s.mediaSize,
    );
  }

  override alarm(): Promise<void> {
    return this.serially(async () => {
      this.alarmAt = null;
      await this.endSessions(Date.now());
      await this.scheduleExpiry();
    });
  }

  /** The qualified view and both sides' challenge progress, in one D1 batch. */
  private async writeQualified(s: StoredSession) {
    const at = nowIso(s.qualifiedAtMs!);
    await this.db.$client.batch([
      insertViewStatement(this.db, viewRecord(s)),
      ...[...new Set([s.viewerId, s.creatorId])].flatMap((id) =>
        refreshChallengeStatements(this.db.$client, id, at, newId()),
      ),
    ]);
    // Crediting starts at once, in the credit queue's next batch (docs/decisions/079). A send that fails loses
    // nothing: the view is in D1 as qualified, and the cron credits what the queue did not.
    const message: CreditMessage = { kind: "credit", viewId: s.id };
    await this.env.CREDIT_QUEUE.send(message).catch((error: unknown) => {
      console.warn("credit queue send failed; the cron will credit the view", error);
    });
  }

  /**
   * Ends expired sessions, and the oldest ones beyond `keep`: the ones that never qualified reach D1 as
   * ended views (qualified ones are there already), then leave the object.
   */
  private async endSessions(now: number, keep = Infinity) {
    const sessions = this.store.all();
    const overflow = Math.max(0, sessions.length - keep);
    const ending = sessions.filter((s, i) => i < overflow || now - s.lastEventAtMs > expiryAfterMs(s.durationMs));
    if (!ending.length) return;
    await this.writeEnded(ending.filter((s) => s.qualifiedAtMs === null));
    await this.writeFinished(ending.filter((s) => s.qualifiedAtMs !== null));
    this.leave(ending);
  }

  /** Sessions leave the object; the history keeps the last position each was accepted at (075). */
  private leave(sessions: StoredSession[]) {
    for (const s of sessions) {
      if (s.historyAtMs === null) continue;
      this.history.record({
        contentId: s.contentId,
        positionMs: s.playheadMs ?? s.positionMs,
        durationMs: s.durationMs,
        watchedAtMs: s.historyAtMs,
      });
    }
    this.store.delete(sessions.map((s) => s.id));
  }

  /**
   * Qualified sessions leaving the object: the row written when they qualified (at about 80 %) learns what was
   * watched since, so a view played to its end is listed as 100 % (docs/decisions/034). Only sessions with accepted
   * events after qualifying cost a write; the amounts are the pacing rules' own, so nothing counts faster.
   */
  private async writeFinished(sessions: StoredSession[]) {
    const moved = sessions.filter((s) => s.lastEventAtMs > s.qualifiedAtMs!);
    for (let i = 0; i < moved.length; i += WRITE_CHUNK) {
      await this.db.$client.batch(
        moved.slice(i, i + WRITE_CHUNK).map((s) => {
          const r = viewRecord(s);
          return finishQualifiedViewStatement(this.db, {
            id: r.id,
            maxPositionMs: r.maxPositionMs,
            watchTimeMs: r.watchTimeMs,
            lastEventAt: r.lastEventAt,
          });
        }),
      );
    }
  }

  /** Sessions that end without qualifying reach D1 as ended views, with what ended them. */
  private async writeEnded(sessions: StoredSession[], cause?: EndCause) {
    for (let i = 0; i < sessions.length; i += WRITE_CHUNK) {
      await this.db.$client.batch(
        sessions.slice(i, i + WRITE_CHUNK).map((s) => insertViewStatement(this.db, viewRecord(s, cause))),
      );
    }
  }

  /**
   * Keeps an alarm at or before the earliest expiry. Events only ever push expiries later, so an alarm already
   * set early enough stays: when it fires with nothing expired it sets the next one.
   */
  private async scheduleExpiry() {
    const sessions = this.store.all();
    if (!sessions.length) {
      if (this.alarmAt !== null) await this.ctx.storage.deleteAlarm();
      this.alarmAt = null;
      return;
    }
    const due = Math.min(...sessions.map((s) => s.lastEventAtMs + expiryAfterMs(s.durationMs) + 1));
    this.alarmAt ??= await this.ctx.storage.getAlarm();
    if (this.alarmAt !== null && this.alarmAt <= due) return;
    await this.ctx.storage.setAlarm(due);
    this.alarmAt = due;
  }
}
