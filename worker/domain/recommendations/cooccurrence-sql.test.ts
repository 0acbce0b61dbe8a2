import { describe, expect, it } from "vitest";
import { loadCandidates, loadViewerProfile } from "../../db/queries/recommendations/recommendations";
import { likes, views } from "../../db/schema";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { makeContent, makeUser, testDb } from "../../test/factories";
import { utcDay } from "../views/rules";
import { cooccurrence, type InteractionGraph } from "./cooccurrence";
import { seedsOf } from "./model";

// The offline evaluation measures cooccurrence() in TypeScript; production computes the same feature in SQL.
// On the same random data both must give the same numbers, or the evaluation would measure something else.

function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

async function world(seed: number) {
  const r = random(seed);
  const creator = await makeUser();
  const items = await Promise.all(Array.from({ length: 12 }, () => makeContent(creator.id)));
  const people = [await makeUser(), ...(await Promise.all(Array.from({ length: 8 }, () => makeUser())))];
  const liked = new Map<string, string[]>();
  const finished = new Map<string, string[]>();
  for (const person of people) {
    for (const item of items) {
      if (r() < 0.3) {
        await testDb().insert(likes).values({ userId: person.id, contentId: item.id, createdAt: nowIso() });
        (liked.get(person.id) ?? liked.set(person.id, []).get(person.id)!).push(item.id);
      }
      if (r() < 0.35) {
        // Sometimes twice: a peer who finished an item twice still counts once.
        for (let n = r() < 0.3 ? 2 : 1; n > 0; n--) await finishView(person.id, item);
        (finished.get(person.id) ?? finished.set(person.id, []).get(person.id)!).push(item.id);
      }
    }
  }
  const usersWith = (m: Map<string, string[]>) => (item: string) =>
    [...m]
      .filter(([, xs]) => xs.includes(item))
      .map(([u]) => u)
      .sort();
  const graph: InteractionGraph = {
    likersOf: usersWith(liked),
    finishersOf: usersWith(finished),
    likesOf: (u) => liked.get(u) ?? [],
    finishedBy: (u) => finished.get(u) ?? [],
  };
  return { viewer: people[0]!, items, graph };
}

async function finishView(viewerId: string, item: { id: string; createdBy: string }) {
  const at = nowIso();
  await testDb()
    .insert(views)
    .values({
      id: newId(),
      contentId: item.id,
      viewerId,
      creatorId: item.createdBy,
      discoveryMethod: "browse",
      startedAt: at,
      lastEventAt: at,
      qualifiedAt: at,
      qualifiedDay: utcDay(at),
      status: "unearnable",
    });
}

const coocOf = (rows: { id: string; cooc: number }[]) =>
  new Map(rows.filter((r) => r.cooc > 0).map((r) => [r.id, r.cooc]));

describe("co-occurrence in SQL and in TypeScript", () => {
  for (const seed of [1, 2, 3]) {
    it(`agree on random data (seed ${seed}), for a viewer's seeds and around one item`, async () => {
      const { viewer, items, graph } = await world(seed);
      const profile = await loadViewerProfile(testDb(), viewer.id, utcDay(nowIso()));
      const seeds = seedsOf(profile);
      expect(seeds.length).toBeGreaterThan(0);
      const sqlRows = await loadCandidates(testDb(), { viewerId: viewer.id, seeds, tagQuery: null });
      const expected = cooccurrence(seeds, graph, viewer.id);
      expect(expected.size).toBeGreaterThan(0);
      expect(coocOf(sqlRows)).toEqual(expected);

      const around = await loadCandidates(testDb(), {
        viewerId: viewer.id,
        seeds: [[items[0]!.id, 1]],
        tagQuery: null,
      });
      expect(coocOf(around)).toEqual(cooccurrence([[items[0]!.id, 1]], graph, viewer.id));
    });
  }
});
