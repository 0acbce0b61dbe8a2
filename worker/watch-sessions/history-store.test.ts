import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HISTORY_MAX_ITEMS } from "../domain/views/resume";
import { watchSessionsOf } from "../domain/views/watch-sessions-of";
import { newId } from "../lib/ids";
import { HistoryStore } from "./history-store";

// The viewer's history in their own object (docs/decisions/045): bounded, newest kept.

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
});
