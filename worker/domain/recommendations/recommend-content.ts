import type { Db } from "../../db/client";
import {
  loadCandidates,
  loadFallbackCandidates,
  loadItemAndProfile,
  loadViewerProfile,
} from "../../db/queries/recommendations/recommendations";
import { notFound } from "../../lib/errors";
import { nowIso } from "../../lib/time";
import { mayOpen, type Caller } from "../content/visibility";
import { utcDay } from "../views/rules";
import { profileTags, recommend, seedsOf, suggest, suggestRelaxed, withFallback } from "./model";
import { parseTags, tagMatchQuery } from "./tags";

// Two D1 round trips each (profile, then candidates), a third only when the list comes up short (the fallback
// pool: all-time popular, then newest).

type RecommendCall<Input> = {
  ctx: { db: Db; actor: NonNullable<Caller> };
  input: Input & { limit: number; nowMs: number };
};

/** "Recommended for You" (home): up to `limit` items for the caller, best first. */
export async function recommendContent({ ctx: { db, actor }, input: { limit, nowMs } }: RecommendCall<object>) {
  const profile = await loadViewerProfile(db, actor.id, utcDay(nowIso(nowMs)));
  const candidates = await loadCandidates(db, {
    viewerId: actor.id,
    seeds: seedsOf(profile),
    tagQuery: tagMatchQuery(profileTags(profile)),
  });
  const items = recommend(profile, candidates, nowMs, limit);
  // A short list (a fresh install, or everything popular already seen): all-time popular, then newest.
  if (items.length >= limit) return items;
  const pool = await loadFallbackCandidates(db, actor.id);
  return withFallback(items, (p, relaxed) => recommend(profile, p, nowMs, limit, relaxed), pool, limit);
}

/** "Up Next" (player): up to `limit` items to play after one the caller may open, best first. */
export async function suggestNext({
  ctx: { db, actor },
  input: { contentId, limit, nowMs },
}: RecommendCall<{ contentId: string }>) {
  const { item, profile } = await loadItemAndProfile(db, contentId, actor.id, utcDay(nowIso(nowMs)));
  if (!item || !mayOpen(item, actor)) throw notFound("Content not found");
  const candidates = await loadCandidates(db, {
    viewerId: actor.id,
    seeds: [[item.id, 1]],
    tagQuery: tagMatchQuery(new Map(parseTags(item.tags).map((t) => [t, 1]))),
  });
  const suggestions = suggest(item, profile, candidates, nowMs, limit);
  if (suggestions.length >= limit) return suggestions;
  const pool = await loadFallbackCandidates(db, actor.id);
  return withFallback(
    suggestions,
    (p, relaxed) =>
      relaxed ? suggestRelaxed(item, profile, p, nowMs, limit) : suggest(item, profile, p, nowMs, limit),
    pool,
    limit,
  );
}
