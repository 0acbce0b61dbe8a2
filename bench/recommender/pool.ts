// The offline stand-in for the database: the viewer's profile, the interaction graph, and the candidate pool
// built with the same bounds as the candidate query (co-occurring items, newest tag matches, most popular).
// One difference: the query measures "popular" over the latest likes and views; here, with no clock worth the
// name, over all of them.
import { cooccurrence, type InteractionGraph } from "../../worker/domain/recommendations/cooccurrence.ts";
import {
  LIMITS,
  type Candidate,
  type ViewerProfile,
} from "../../worker/db/queries/recommendations/recommender-inputs.ts";
import { profileTags, seedsOf } from "../../worker/domain/recommendations/model.ts";
import { parseTags, tagMatchQuery } from "../../worker/domain/recommendations/tags.ts";
import type { Item, User } from "./population.ts";

export type World = { graph: InteractionGraph; items: Item[]; popularity: Map<string, number>; popular: string[] };

export function buildWorld(items: Item[], users: User[]): World {
  const likers = new Map<string, string[]>();
  const finishers = new Map<string, { u: string; at: number }[]>();
  const likes = new Map<string, string[]>();
  const finished = new Map<string, string[]>();
  const popularity = new Map<string, number>(items.map((i) => [i.id, 0]));
  const push = <V>(m: Map<string, V[]>, k: string, v: V) => (m.get(k) ?? m.set(k, []).get(k)!).push(v);
  for (const u of users) {
    for (const i of u.interactions) {
      push(finishers, i.item, { u: u.id, at: i.at });
      push(finished, u.id, i.item);
      if (i.liked) {
        push(likers, i.item, u.id);
        push(likes, u.id, i.item);
      }
      popularity.set(i.item, popularity.get(i.item)! + 1 + Number(i.liked));
    }
  }
  // Index orders of the real tables: likes by (content, user) and (user, content); views by (content, time).
  for (const list of [...likers.values(), ...likes.values(), ...finished.values()]) list.sort();
  const byTime = new Map([...finishers].map(([k, v]) => [k, v.sort((a, b) => a.at - b.at).map((x) => x.u)]));
  const none: string[] = [];
  const graph: InteractionGraph = {
    likersOf: (i) => likers.get(i) ?? none,
    finishersOf: (i) => byTime.get(i) ?? none,
    likesOf: (u) => likes.get(u) ?? none,
    finishedBy: (u) => finished.get(u) ?? none,
  };
  const popular = [...popularity].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
  return { graph, items, popularity, popular };
}

export function profileOf(user: User, items: Map<string, Item>): ViewerProfile {
  const recentFirst = [...user.interactions].sort((a, b) => b.at - a.at);
  return {
    viewerId: user.id,
    liked: recentFirst.filter((i) => i.liked).map((i) => ({ id: i.item, tags: items.get(i.item)!.tags })),
    finished: recentFirst.map((i) => ({ id: i.item, lastAt: new Date(i.at).toISOString(), paidToday: 0 })),
  };
}

/** What FTS5 `tags : ("a" OR "b c")` matches: a phrase as consecutive tokens of the item's tags. */
function matchesTagQuery(phrases: string[], tags: string) {
  const tokens = ` ${parseTags(tags)
    .map((t) => (t.match(/[\p{L}\p{N}]+/gu) ?? []).join(" "))
    .join(" ")} `;
  return phrases.some((p) => tokens.includes(` ${p} `));
}

export function candidatesFor(profile: ViewerProfile, world: World): Candidate[] {
  const cooc = cooccurrence(seedsOf(profile), world.graph, profile.viewerId);
  const ids = new Set(cooc.keys());
  const query = tagMatchQuery(profileTags(profile));
  if (query) {
    const phrases = [...query.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    const matches = world.items.filter((i) => matchesTagQuery(phrases, i.tags));
    for (const i of matches.slice(-LIMITS.tagCandidates)) ids.add(i.id); // newest: items are in creation order
  }
  for (const id of world.popular.slice(0, LIMITS.popularCandidates)) ids.add(id);
  const byId = new Map(world.items.map((i) => [i.id, i]));
  return [...ids].map((id) => {
    const i = byId.get(id)!;
    return {
      id,
      createdBy: i.createdBy,
      createdAt: i.createdAt,
      tags: i.tags,
      cooc: cooc.get(id) ?? 0,
      popularity: world.popularity.get(id)!,
    };
  });
}
