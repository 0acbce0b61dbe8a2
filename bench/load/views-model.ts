// What the client saw of the views it made: every started view, and which ones an API answer called
// qualified. After the run this is held against the database: nothing the client saw qualify may be lost,
// and the earnable count it implies (≤ 3 per viewer, content and UTC day; never one's own) must be exactly
// what was credited.
import { EARNABLE_VIEWS_PER_DAY } from "../../worker/domain/views/rules.ts";

type SeenView = { viewerId: string; contentId: string; creatorId: string; qualifiedDay: string | null };

export class ViewsModel {
  readonly views = new Map<string, SeenView>();
  /** Recent views, for the deliberately foreign events (another viewer's view id). */
  readonly recent: { viewId: string; viewerId: string; contentId: string }[] = [];
  /** Sessions that did not end as their kind promises (valid one not qualified, invalid one accepted). */
  readonly anomalies: string[] = [];
  anomalyCount = 0;

  started(viewId: string, viewerId: string, contentId: string, creatorId: string) {
    this.views.set(viewId, { viewerId, contentId, creatorId, qualifiedDay: null });
    this.recent.push({ viewId, viewerId, contentId });
    if (this.recent.length > 64) this.recent.shift();
  }

  /** An answer said `qualified: true`; the UTC day is the client's clock, which is the server's on loopback. */
  qualified(viewId: string) {
    const v = this.views.get(viewId);
    if (v && !v.qualifiedDay) v.qualifiedDay = new Date().toISOString().slice(0, 10);
  }

  anomaly(note: string) {
    this.anomalyCount++;
    if (this.anomalies.length < 20) this.anomalies.push(note);
  }

  qualifiedIds(): string[] {
    return [...this.views.entries()].filter(([, v]) => v.qualifiedDay).map(([id]) => id);
  }

  /** The views the rules make earnable, from the client's own record. */
  expectedCredited(): number {
    const perKey = new Map<string, number>();
    for (const v of this.views.values()) {
      if (!v.qualifiedDay || v.viewerId === v.creatorId) continue;
      const key = `${v.viewerId}|${v.contentId}|${v.qualifiedDay}`;
      perKey.set(key, (perKey.get(key) ?? 0) + 1);
    }
    let n = 0;
    for (const count of perKey.values()) n += Math.min(EARNABLE_VIEWS_PER_DAY, count);
    return n;
  }

  summary() {
    const all = [...this.views.values()];
    const q = all.filter((v) => v.qualifiedDay);
    return {
      started: all.length,
      qualifiedSeen: q.length,
      selfQualified: q.filter((v) => v.viewerId === v.creatorId).length,
      expectedCredited: this.expectedCredited(),
      anomalies: this.anomalyCount,
    };
  }
}
