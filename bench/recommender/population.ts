// A synthetic population with hidden taste: every user has one or two favourite genres, and what they finish
// and like is drawn mostly from those, skewed toward popular items, with noise. The recommender never sees the
// genres; it must recover them from interactions and tags. Seeded, so every run is the same population.
import { mulberry32 as rng } from "../lib/random.ts";

const GENRES = ["jazz", "rock", "cooking", "gaming", "travel", "science", "fitness", "comedy"];
const NOISE_TAGS = `live tutorial vlog hd short podcast remix review highlights beginner advanced chill classic
  retro weekly interview behind scenes budget diy quick explained challenge reaction compilation`
  .split(/\s+/)
  .filter(Boolean);

export type Item = { id: string; createdBy: string; createdAt: string; tags: string; genre: number; appeal: number };
type Interaction = { item: string; at: number; liked: boolean };
export type User = { id: string; favourites: number[]; interactions: Interaction[] };
export type Population = { items: Item[]; users: User[]; nowMs: number };

export type PopulationOptions = { users: number; items: number; creators: number; seed: number };

const DAY = 24 * 3600 * 1000;
const pad = (n: number) => String(n).padStart(6, "0");

export function makePopulation(o: PopulationOptions): Population {
  const random = rng(o.seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const nowMs = Date.UTC(2026, 5, 1);
  // People type tags in every case and spacing; the model must treat them as one tag.
  const spell = (t: string) => pick([t, t, t.toUpperCase(), t[0]!.toUpperCase() + t.slice(1), ` ${t} `]);

  const items: Item[] = [];
  for (let i = 0; i < o.items; i++) {
    const genre = Math.floor(random() * GENRES.length);
    const tags = new Set<string>();
    if (random() > 0.05) tags.add(spell(GENRES[genre]!)); // a few items lack their genre tag
    if (random() < 0.1) tags.add(spell(pick(GENRES))); // cross-over items carry a second genre
    const noise = Math.floor(random() * 4);
    for (let n = 0; n < noise; n++) tags.add(pick(NOISE_TAGS));
    items.push({
      id: `item${pad(i)}`,
      createdBy: `creator${pad(Math.floor(random() * o.creators))}`,
      createdAt: new Date(nowMs - 400 * DAY + i * 3600_000).toISOString(),
      tags: [...tags].join(","),
      genre,
      appeal: Math.exp(1.1 * normal()), // popularity skew: a few items are watched far more than most
    });
  }
  const byGenre = GENRES.map((_, g) => items.filter((it) => it.genre === g));
  const drawFrom = (pool: Item[]) => {
    const total = pool.reduce((s, it) => s + it.appeal, 0);
    let r = random() * total;
    for (const it of pool) if ((r -= it.appeal) <= 0) return it;
    return pool.at(-1)!;
  };

  const users: User[] = [];
  for (let u = 0; u < o.users; u++) {
    const first = Math.floor(random() * GENRES.length);
    const favourites =
      random() < 0.6 ? [first] : [first, (first + 1 + Math.floor(random() * (GENRES.length - 1))) % GENRES.length];
    const activity = Math.max(3, Math.min(150, Math.round(Math.exp(2.7 + 0.6 * normal()))));
    const seen = new Map<string, Interaction>();
    for (let n = 0; n < activity * 3 && seen.size < activity; n++) {
      const favourite = random() < 0.8;
      const item = drawFrom(favourite ? byGenre[pick(favourites)]! : items);
      if (seen.has(item.id)) continue;
      const liked = random() < (favourites.includes(item.genre) ? 0.5 : 0.1);
      seen.set(item.id, { item: item.id, at: nowMs - Math.floor(random() * 60 * DAY), liked });
    }
    users.push({ id: `user${pad(u)}`, favourites, interactions: [...seen.values()] });
  }
  return { items, users, nowMs };
}

/**
 * Holds out `share` of each user's likes (users with at least `minLikes`): the held-out items leave the user's
 * history entirely (like and view), so the model cannot see them and must predict them.
 */
export function splitLikes(pop: Population, share: number, minLikes: number, seed: number) {
  const random = rng(seed);
  const test = new Map<string, Set<string>>();
  const train = pop.users.map((u) => {
    const likes = u.interactions.filter((i) => i.liked);
    if (likes.length < minLikes) return u;
    const shuffled = likes
      .map((l) => ({ l, r: random() }))
      .sort((a, b) => a.r - b.r)
      .map((x) => x.l.item);
    const held = new Set(shuffled.slice(0, Math.max(1, Math.round(share * likes.length))));
    test.set(u.id, held);
    return { ...u, interactions: u.interactions.filter((i) => !held.has(i.item)) };
  });
  return { train, test };
}
