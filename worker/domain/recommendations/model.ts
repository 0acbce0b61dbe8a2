// The recommender (docs/architecture.md §4 "Recommendations") as pure functions. The database gathers bounded features
// (worker/db/queries/recommendations/recommendations.ts); this file decides. The routes and the offline evaluation
// (bench/recommender-eval.ts) call exactly this code, so the measured quality is the shipped quality.
// Relative imports carry `.ts` so Node can run the evaluation on this file directly.
import {
  LIMITS,
  type Candidate,
  type Seed,
  type ViewerProfile,
} from "../../db/queries/recommendations/recommender-inputs.ts";
import { EARNABLE_VIEWS_PER_DAY } from "../../../common/earning-policy.ts";
import { parseTags, tagSimilarity, tagWeights } from "./tags.ts";

/** A like says more about taste than a finished view. */
export const LIKE_WEIGHT = 3;
export const VIEW_WEIGHT = 1;
/** A qualified view within this window means "just finished": never offered again that soon. */
export const RECENTLY_FINISHED_MS = 7 * 24 * 3600 * 1000;

// Blend of the three signals, tuned on a different seed than the one README reports (`npm run
// bench:recommender`). Measured there: dividing co-occurrence by popularity^0.5 cost 15 % of recall@10, so
// there is no damping. Any tag/popularity split within 0.05–0.3 scores within 1.5 %; we take tags > popularity
// so a full tag match (0.3) outranks the most popular unrelated item (0.1): new uploads have no co-occurrence,
// and liking jazz should visibly bring jazz before whatever is popular.
const WEIGHTS = { cooc: 1, tags: 0.3, popularity: 0.1 };

/** Whose list it is, the taste to match, what must not appear, and what can no longer pay today. */
export type RankContext = {
  viewerId: string;
  tags: Map<string, number>;
  exclude: Set<string>;
  notEarnable: Set<string>;
};

/** The items the viewer's taste is read from, weighted like the peers' interactions are. */
export function seedsOf(profile: ViewerProfile): Seed[] {
  const weights = new Map<string, number>();
  for (const like of profile.liked.slice(0, LIMITS.seedsPerKind)) weights.set(like.id, LIKE_WEIGHT);
  const finished = new Set(profile.finished.map((f) => f.id));
  for (const [id, w] of weights) if (finished.has(id)) weights.set(id, w + VIEW_WEIGHT);
  for (const view of profile.finished.slice(0, LIMITS.seedsPerKind))
    if (!weights.has(view.id)) weights.set(view.id, VIEW_WEIGHT);
  return [...weights];
}

/** The viewer's taste in tags: each tag weighted by the share of their likes that carry it. */
export function profileTags(profile: ViewerProfile): Map<string, number> {
  return tagWeights(profile.liked.map((l) => l.tags));
}

function exclusions(profile: ViewerProfile, nowMs: number) {
  const recent = profile.finished.filter((f) => nowMs - Date.parse(f.lastAt) < RECENTLY_FINISHED_MS).map((f) => f.id);
  const notEarnable = profile.finished.filter((f) => f.paidToday >= EARNABLE_VIEWS_PER_DAY).map((f) => f.id);
  return { recent, notEarnable: new Set(notEarnable) };
}

/**
 * "Recommended for You": everything but own, liked and recently finished items, best first. With `relaxed`
 * (the fallback, when that leaves the list short) only own items are left out, so the list is never empty
 * while others' content exists; what can no longer pay today still comes last.
 */
export function recommend<T extends Candidate>(
  profile: ViewerProfile,
  candidates: T[],
  nowMs: number,
  limit: number,
  relaxed = false,
): T[] {
  const { recent, notEarnable } = exclusions(profile, nowMs);
  // Liked items are excluded too: they are one tap away in the Liked list, and a slot here is for discovery.
  const exclude = new Set(relaxed ? [] : [...recent, ...profile.liked.map((l) => l.id)]);
  return rankCandidates(
    candidates,
    { viewerId: profile.viewerId, tags: profileTags(profile), exclude, notEarnable },
    limit,
  );
}

/**
 * Tops a short list up from the fallback pool with what the strict rules allow there; items already listed
 * keep their place and the rest follow in rank order. Only a list still empty takes the relaxed ranking
 * (liked and recently finished items again), so nobody who can watch others' content is shown nothing.
 */
export function withFallback<T extends Candidate>(
  listed: T[],
  rank: (pool: T[], relaxed: boolean) => T[],
  pool: T[],
  limit: number,
): T[] {
  const seen = new Set(listed.map((c) => c.id));
  const out = [
    ...listed,
    ...rank(
      pool.filter((p) => !seen.has(p.id)),
      false,
    ),
  ].slice(0, limit);
  return out.length ? out : rank(pool, true).slice(0, limit);
}

/** "Up Next" with `relaxed`: only the item itself and own items are left out. */
export function suggestRelaxed<T extends Candidate>(
  item: { id: string; tags: string },
  profile: ViewerProfile,
  candidates: T[],
  nowMs: number,
  limit: number,
): T[] {
  const { notEarnable } = exclusions(profile, nowMs);
  const tags = new Map(parseTags(item.tags).map((t) => [t, 1]));
  return rankCandidates(
    candidates,
    { viewerId: profile.viewerId, tags, exclude: new Set([item.id]), notEarnable },
    limit,
  );
}

/** "Up Next" around one item: the same model with that item as the only seed and its tags as the taste. */
export function suggest<T extends Candidate>(
  item: { id: string; tags: string },
  profile: ViewerProfile,
  candidates: T[],
  nowMs: number,
  limit: number,
): T[] {
  const { recent, notEarnable } = exclusions(profile, nowMs);
  const tags = new Map(parseTags(item.tags).map((t) => [t, 1]));
  return rankCandidates(
    candidates,
    { viewerId: profile.viewerId, tags, exclude: new Set([item.id, ...recent]), notEarnable },
    limit,
  );
}

/** Score of one candidate in [0, Σ WEIGHTS], given the largest co-occurrence and popularity in the pool. */
function score(c: Candidate, tags: Map<string, number>, maxCooc: number, maxPopularity: number) {
  const cooc = maxCooc > 0 ? c.cooc / maxCooc : 0;
  const popularity = maxPopularity > 0 ? Math.log1p(c.popularity) / Math.log1p(maxPopularity) : 0;
  return WEIGHTS.cooc * cooc + WEIGHTS.tags * tagSimilarity(tags, c.tags) + WEIGHTS.popularity * popularity;
}

export function rankCandidates<T extends Candidate>(candidates: T[], ctx: RankContext, limit: number): T[] {
  const pool = candidates.filter((c) => c.createdBy !== ctx.viewerId && !ctx.exclude.has(c.id));
  const maxCooc = Math.max(0, ...pool.map((c) => c.cooc));
  const maxPopularity = Math.max(0, ...pool.map((c) => c.popularity));
  const scored = pool.map((c) => ({
    c,
    s: score(c, ctx.tags, maxCooc, maxPopularity),
    paidOut: ctx.notEarnable.has(c.id),
  }));
  // Items the viewer can still earn on come first; the others are demoted, not dropped. Then score, newer
  // first, id: the same input always gives the same order.
  scored.sort(
    (a, b) =>
      Number(a.paidOut) - Number(b.paidOut) ||
      b.s - a.s ||
      (a.c.createdAt < b.c.createdAt ? 1 : a.c.createdAt > b.c.createdAt ? -1 : 0) ||
      (a.c.id < b.c.id ? -1 : a.c.id > b.c.id ? 1 : 0),
  );
  return scored.slice(0, limit).map((x) => x.c);
}
