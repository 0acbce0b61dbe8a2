// What the client saw of the views it made: every started view, and which ones an API answer called
// qualified. After the run this is held against the database: nothing the client saw qualify may be lost,
// and the earnable count the rules imply must be exactly what was credited.
//
// The rules, as the earnings job applies them (worker/domain/earnings/credit-views.ts): a qualified view
// earns when the viewer is not the creator, the item is at least the shortest earning length, it is one of
// the first 3 of (viewer, item, UTC day) and one of the viewer's first `daily_earnable_views` of the UTC day.
// Only views the server said qualified count: the object already kept all but one session per viewer from
// accruing, so the model never guesses which session may earn. The job's order does not change the count:
// per (viewer, day) it is min(daily cap, Σ over items of min(3, qualified views of the item)).
import type { EarningRulesJson } from "../../common/schemas/earning-rules";

type SeenView = {
  viewerId: string;
  contentId: string;
  creatorId: string;
  durationMs: number;
  qualifiedDay: string | null;
};

export type ModelRules = Pick<
  EarningRulesJson,
  "views_per_item_per_day" | "min_earning_seconds" | "daily_earnable_views"
>;

/** How the qualified views the client saw should settle. */
export type Expected = {
  qualified: number;
  credited: number;
  /** Unearnable, by the first rule that stops each one. */
  selfViews: number;
  tooShort: number;
  overItemCap: number;
  overDailyCap: number;
  /** The most credited views any one viewer should have on one UTC day. */
  maxPerViewerDay: number;
};

export class ViewsModel {
  readonly views = new Map<string, SeenView>();
  /** Recent views, for the deliberately foreign events (another viewer's view id). */
  readonly recent: { viewId: string; viewerId: string; contentId: string }[] = [];
  /** Sessions that did not end as their kind promises (valid one not qualified, invalid one accepted). */
  readonly anomalies: string[] = [];
  anomalyCount = 0;
  /** Sessions (or groups of them: tabs, bursts) the players ran, by kind. */
  readonly kinds = new Map<string, number>();
  /** Views played at the valid pace with only half their media streamed: each must end `not_delivered`. */
  readonly undeliveredIds: string[] = [];
  /** Starts the member's start limit refused (429; docs/decisions/030): only bursts may meet it. */
  refusedStarts = 0;

  refusedStart() {
    this.refusedStarts++;
  }

  undelivered(viewId: string) {
    this.undeliveredIds.push(viewId);
  }

  ran(kind: string) {
    this.kinds.set(kind, (this.kinds.get(kind) ?? 0) + 1);
  }

  started(viewId: string, viewerId: string, item: { id: string; createdBy: string; durationMs: number }) {
    this.views.set(viewId, {
      viewerId,
      contentId: item.id,
      creatorId: item.createdBy,
      durationMs: item.durationMs,
      qualifiedDay: null,
    });
    this.recent.push({ viewId, viewerId, contentId: item.id });
    if (this.recent.length > 64) this.recent.shift();
  }

  /** An answer said `qualified: true`; the UTC day is the client's clock, which is the server's on loopback. */
  qualified(viewId: string) {
    const v = this.views.get(viewId);
    if (v && !v.qualifiedDay) v.qualifiedDay = new Date().toISOString().slice(0, 10);
  }

  isQualified(viewId: string) {
    return Boolean(this.views.get(viewId)?.qualifiedDay);
  }

  anomaly(note: string) {
    this.anomalyCount++;
    if (this.anomalies.length < 20) this.anomalies.push(note);
  }

  qualifiedIds(): string[] {
    return [...this.views.entries()].filter(([, v]) => v.qualifiedDay).map(([id]) => id);
  }

  /** The views the rules make earnable, from the client's own record. */
  expected(rules: ModelRules): Expected {
    const out: Expected = {
      qualified: 0,
      credited: 0,
      selfViews: 0,
      tooShort: 0,
      overItemCap: 0,
      overDailyCap: 0,
      maxPerViewerDay: 0,
    };
    // (viewer, day) → content → qualified views that pass the per-view rules
    const days = new Map<string, Map<string, number>>();
    for (const v of this.views.values()) {
      if (!v.qualifiedDay) continue;
      out.qualified++;
      if (v.viewerId === v.creatorId) out.selfViews++;
      else if (v.durationMs < rules.min_earning_seconds * 1000) out.tooShort++;
      else {
        const key = `${v.viewerId}|${v.qualifiedDay}`;
        const perItem = days.get(key) ?? new Map<string, number>();
        perItem.set(v.contentId, (perItem.get(v.contentId) ?? 0) + 1);
        days.set(key, perItem);
      }
    }
    for (const perItem of days.values()) {
      let eligible = 0;
      let withinItemCap = 0;
      for (const n of perItem.values()) {
        eligible += n;
        withinItemCap += Math.min(rules.views_per_item_per_day, n);
      }
      const credited = Math.min(rules.daily_earnable_views, withinItemCap);
      out.overItemCap += eligible - withinItemCap;
      out.overDailyCap += withinItemCap - credited;
      out.credited += credited;
      out.maxPerViewerDay = Math.max(out.maxPerViewerDay, credited);
    }
    return out;
  }

  summary(rules: ModelRules) {
    const all = [...this.views.values()];
    return {
      started: all.length,
      kinds: Object.fromEntries(this.kinds),
      expected: this.expected(rules),
      anomalies: this.anomalyCount,
      refusedStarts: this.refusedStarts,
      undelivered: this.undeliveredIds.length,
    };
  }
}
