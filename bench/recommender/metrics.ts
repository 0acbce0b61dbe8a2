// Ranking metrics over held-out likes, binary relevance.

/** Share of the held-out items found in the top k. */
export function recallAt(k: number, ranked: readonly string[], relevant: ReadonlySet<string>): number {
  const hits = ranked.slice(0, k).filter((id) => relevant.has(id)).length;
  return relevant.size ? hits / relevant.size : 0;
}

/** Discounted gain of the hits in the top k, over the best achievable with this many held-out items. */
export function ndcgAt(k: number, ranked: readonly string[], relevant: ReadonlySet<string>): number {
  const gain = (rank: number) => 1 / Math.log2(rank + 2);
  const dcg = ranked.slice(0, k).reduce((s, id, r) => s + (relevant.has(id) ? gain(r) : 0), 0);
  let ideal = 0;
  for (let r = 0; r < Math.min(k, relevant.size); r++) ideal += gain(r);
  return ideal ? dcg / ideal : 0;
}

export const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
