// Item-to-item co-occurrence, the model's main signal, and the bounds that keep its SQL cheap. Production
// computes it inside the candidate query (worker/db/queries/recommendations/recommendations.ts) to avoid shipping thousands of
// interaction rows out of D1; this is the same definition in TypeScript for the offline evaluation.
// cooccurrence-sql.test.ts proves both give the same numbers on the same data.
import { LIMITS, type Seed } from "../../db/queries/recommendations/recommender-inputs.ts";
import { LIKE_WEIGHT, VIEW_WEIGHT } from "./model.ts";

/** Who liked / finished what: the in-memory twin of the likes and views tables. */
export type InteractionGraph = {
  likersOf(item: string): readonly string[];
  finishersOf(item: string): readonly string[];
  likesOf(user: string): readonly string[];
  finishedBy(user: string): readonly string[];
};

/**
 * Peers are the other people who liked or finished a seed; a peer's similarity is Σ seed weight × peer's weight
 * on that seed (like 3, finished 1, both 4). An item's co-occurrence is Σ over the nearest peers of similarity ×
 * the peer's weight on the item. Seeds themselves are left out: they co-occur with everything their peers did.
 */
export function cooccurrence(seeds: Seed[], graph: InteractionGraph, viewerId: string): Map<string, number> {
  const similarity = new Map<string, number>();
  const link = (users: (s: string) => readonly string[], kindWeight: number) => {
    let read = 0;
    for (const [seed, w] of seeds) {
      for (const peer of users(seed)) {
        if (peer === viewerId) continue;
        if (read++ >= LIMITS.links) return;
        similarity.set(peer, (similarity.get(peer) ?? 0) + w * kindWeight);
      }
    }
  };
  link(graph.likersOf, LIKE_WEIGHT);
  link(graph.finishersOf, VIEW_WEIGHT);
  const peers = [...similarity].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, LIMITS.peers);

  const seedIds = new Set(seeds.map(([id]) => id));
  const scores = new Map<string, number>();
  const touch = (items: (u: string) => readonly string[], kindWeight: number) => {
    let read = 0;
    for (const [peer, sim] of peers) {
      for (const item of items(peer)) {
        if (read++ >= LIMITS.touches) return;
        if (!seedIds.has(item)) scores.set(item, (scores.get(item) ?? 0) + sim * kindWeight);
      }
    }
  };
  touch(graph.likesOf, LIKE_WEIGHT);
  touch(graph.finishedBy, VIEW_WEIGHT);
  const top = [...scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, LIMITS.coocCandidates);
  return new Map(top);
}
