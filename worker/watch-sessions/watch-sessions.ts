import { DurableObject } from "cloudflare:workers";
import { createDb, type Db } from "../db/client";
import { refreshChallengeStatements } from "../db/queries/challenge-progress";
import { insertViewStatement } from "../db/queries/views";
import { expiryAfterMs, judgeEvent } from "../domain/views/rules";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import { SessionStore, type StoredSession } from "./session-store";
import { viewRecord } from "./view-record";

/** Sessions a viewer may hold open at once; starting more ends the oldest (they could not earn anyway). */
export const MAX_OPEN_SESSIONS = 20;
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
};

export type EventInput = {
  viewerId: string;
  contentId: string;
  viewId?: string;
  secondMark: number;
};

export type EventOutcome = { found: false } | { found: true; view_id: string; accepted: boolean; qualified: boolean };

/**
 * One viewer's watch sessions (docs/decisions/015). Every playback event of the viewer comes here and is
 * judged, one at a time, on this object's clock; progress lives in the object's own SQLite and never in D1.
 * A view reaches D1 once: when it qualifies (with the challenge refresh, in one batch) or when it ends.
 */
export class WatchSessions extends DurableObject<Env> {
  private readonly store: SessionStore;
  private readonly db: Db;
  /** Calls run strictly one after another, even while one waits on D1 (input gates do not cover that). */
  private queue: Promise<unknown> = Promise.resolve();
  /** What this instance last stored, so a progress event costs one storage write, not three. */
  private knownViewer: string | null = null;
  private alarmAt: number | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new SessionStore(ctx.storage.sql);
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
      this.rememberViewer(input.viewerId);
      await this.endSessions(now, MAX_OPEN_SESSIONS - 1);
      const session: StoredSession = {
        id: newId(),
        contentId: input.contentId,
        creatorId: input.creatorId,
        durationMs: input.durationMs,
        discoveryMethod: input.discoveryMethod,
        deviceFingerprint: input.deviceFingerprint,
        ipHash: input.ipHash,
        startedAtMs: now,
        lastEventAtMs: now,
        positionMs: 0,
        accruedMs: 0,
        earning: true,
        qualifiedAtMs: null,
        endReason: null,
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
      this.rememberViewer(input.viewerId);
      await this.endSessions(now);
      const session = this.store.find(input.contentId, input.viewId);
      if (!session) return { found: false };
      const verdict = judgeEvent(session, Math.round(input.secondMark * 1000), now);
      if (!verdict.accepted) {
        return { found: true, view_id: session.id, accepted: false, qualified: session.qualifiedAtMs !== null };
      }
      const next: StoredSession = { ...session, ...verdict.session };
      if (verdict.qualifies && session.qualifiedAtMs === null) {
        next.qualifiedAtMs = now;
        await this.writeQualified(input.viewerId, next);
      }
      this.store.save(next);
      await this.scheduleExpiry();
      return { found: true, view_id: session.id, accepted: true, qualified: next.qualifiedAtMs !== null };
    });
  }

  override alarm(): Promise<void> {
    return this.serially(async () => {
      this.alarmAt = null;
      await this.endSessions(Date.now());
      await this.scheduleExpiry();
    });
  }

  private rememberViewer(viewerId: string) {
    if (this.knownViewer === viewerId) return;
    if (this.store.viewerId !== viewerId) this.store.viewerId = viewerId;
    this.knownViewer = viewerId;
  }

  /** The qualified view and both sides' challenge progress, in one D1 batch. */
  private async writeQualified(viewerId: string, s: StoredSession) {
    const at = nowIso(s.qualifiedAtMs!);
    await this.db.$client.batch([
      insertViewStatement(this.db, viewRecord(viewerId, s)),
      ...[...new Set([viewerId, s.creatorId])].flatMap((id) => refreshChallengeStatements(this.db.$client, id, at, newId())),
    ]);
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
    const viewerId = this.store.viewerId;
    const unqualified = ending.filter((s) => s.qualifiedAtMs === null);
    if (viewerId) {
      for (let i = 0; i < unqualified.length; i += WRITE_CHUNK) {
        await this.db.$client.batch(unqualified.slice(i, i + WRITE_CHUNK).map((s) => insertViewStatement(this.db, viewRecord(viewerId, s))));
      }
    }
    this.store.delete(ending.map((s) => s.id));
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
