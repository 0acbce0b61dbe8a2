import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HISTORY_MAX_ITEMS } from "../domain/views/resume";
import { watchSessionsOf } from "../domain/views/watch-sessions-of";
import { newId } from "../lib/ids";
import { objectStart } from "../test/views";
import { HistoryStore } from "./history-store";
import type { WatchSessions } from "./watch-sessions";

// The viewer's history in their own object (docs/decisions/045): bounded, newest kept. An open session's
// position is read from its own row and joins the kept rows when the session leaves (docs/decisions/075).

describe("HistoryStore", () => {
  it("keeps the newest 500 items: a new one beyond that pushes the oldest out, an update does not", async () => {
    await runInDurableObject(watchSessionsOf(env, newId()), (_object, state) => {
      const store = new HistoryStore(state.storage.sql);
      const ids = Array.from({ length: HISTORY_MAX_ITEMS }, (_, i) => `item-${String(i).padStart(4, "0")}`);
      ids.forEach((contentId, i) =>
        store.record({ contentId, positionMs: 10_000, durationMs: 60_000, watchedAtMs: 1_000 + i }),
      );
      // Playing the oldest again moves it forward; nothing leaves.
      store.record({ contentId: ids[0]!, positionMs: 20_000, durationMs: 60_000, watchedAtMs: 9_000 });
      expect(store.get(ids[1]!)).not.toBeNull();
      store.record({ contentId: "item-new", positionMs: 5_000, durationMs: 60_000, watchedAtMs: 10_000 });
      expect(store.get(ids[1]!)).toBeNull();
      expect(store.get(ids[0]!)).toMatchObject({ positionMs: 20_000, watchedAtMs: 9_000 });
      const all = store.page(
        { after: null, limit: 1000, unfinishedOnly: false },
        { minMs: 5_000, finishedFraction: 0.95 },
      );
      expect(all).toHaveLength(HISTORY_MAX_ITEMS);
      expect(all.slice(0, 2).map((p) => p.contentId)).toEqual(["item-new", ids[0]]);
    });
  });

  it("keeps a position only over an older one", async () => {
    await runInDurableObject(watchSessionsOf(env, newId()), (_object, state) => {
      const store = new HistoryStore(state.storage.sql);
      store.record({ contentId: "x", positionMs: 20_000, durationMs: 60_000, watchedAtMs: 2_000 });
      store.record({ contentId: "x", positionMs: 10_000, durationMs: 60_000, watchedAtMs: 1_000 });
      expect(store.get("x")).toMatchObject({ positionMs: 20_000, watchedAtMs: 2_000 });
    });
  });

  it("reads an open session's position from its row, and keeps it when the session leaves", async () => {
    const viewerId = newId();
    await runInDurableObject(watchSessionsOf(env, viewerId), async (object: WatchSessions, state) => {
      const kept = () => state.storage.sql.exec("select content_id from history").toArray().length;
      const contentId = newId();
      const { view_id } = await object.start(objectStart(viewerId, contentId, 60_000));
      expect(await object.lastPosition(contentId), "nothing accepted yet").toBeNull();
      await object.event({ viewerId, contentId, viewId: view_id, secondMark: 10 });
      expect(await object.lastPosition(contentId)).toMatchObject({ positionMs: 10_000, durationMs: 60_000 });
      const page = await object.historyPage({ after: null, limit: 10, unfinishedOnly: true });
      expect(page.map((p) => [p.contentId, p.positionMs])).toEqual([[contentId, 10_000]]);
      expect(kept(), "no history row while the session is open").toBe(0);

      await object.clearHistory(contentId);
      expect(await object.lastPosition(contentId)).toBeNull();
      expect(await object.historyPage({ after: null, limit: 10, unfinishedOnly: false })).toEqual([]);
      await object.event({ viewerId, contentId, viewId: view_id, secondMark: 12 });
      expect(await object.lastPosition(contentId)).toMatchObject({ positionMs: 12_000 });

      await object.event({ viewerId, contentId, viewId: view_id, secondMark: 14, eventType: "complete" });
      expect(kept()).toBe(1);
      expect(await object.lastPosition(contentId)).toMatchObject({ positionMs: 14_000 });
      expect(state.storage.sql.exec("select id from sessions").toArray()).toEqual([]);
    });
  });
});
