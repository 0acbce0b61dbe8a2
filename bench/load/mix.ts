// The traffic mix: browsers and players that each loop until the deadline (a session in flight finishes), and an earnings loop that fires several calculate calls at once every few seconds,
// as home pages of several signed-in users do (DESIGN.md §4 "The earnings job").
import type { ContentListResponse, EarningsCalculateResponse } from "../../worker/api-types.ts";
import { QUERY_WORDS } from "../synthetic.ts";
import type { Client } from "./client.ts";
import { sleep } from "./client.ts";
import { foreign, pastEnd, tooEarly, watch } from "./playback.ts";
import type { Item, User, World } from "./setup.ts";
import type { ViewsModel } from "./views-model.ts";

export const RANGE_BYTES = 256 * 1024;
const SEARCH_WORDS = [...Object.values(QUERY_WORDS), "music", "night", "cooking", "load", "tiny"];
/** Viewers 0..REPEATERS-1 binge one item each: far more than 3 views a day, so most are unearnable. */
const REPEATERS = 4;

/** Deterministic draws (mulberry32), so two runs send the same mix. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, pick };
}

type Ctx = { c: Client; world: World; model: ViewsModel; seenIds: string[] };

async function list(ctx: Ctx, kind: string, query: string, cursor: string | null): Promise<string | null> {
  const path = `/api/content?limit=24${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
  const res = await ctx.c.call<ContentListResponse>(kind, "GET", path);
  for (const item of res.json?.items.slice(0, 4) ?? []) if (ctx.seenIds.length < 500) ctx.seenIds.push(item.id);
  return res.json?.nextCursor ?? null;
}

/**
 * A browsing user with no think time (gallery pages and their cursors, search, details, stream ranges),
 * so the server is kept busy; the players below spend most of their time waiting between events.
 */
export async function browser(ctx: Ctx, vu: number, deadline: number) {
  const r = random(1000 + vu);
  const { c, world } = ctx;
  let galleryCursor: string | null = null;
  let searchCursor: string | null = null;
  let searchQuery = "";
  while (performance.now() < deadline) {
    const x = r.next();
    // A user scrolls a few pages, then starts over (a new visit or a new query): about 5 pages a visit.
    if (r.next() < 0.2) galleryCursor = searchCursor = null;
    if (x < 0.35) {
      // Gallery: the first page, or the next page of this user's scroll (keyset cursor).
      const type = r.next() < 0.2 ? `&type=${r.pick(["video", "audio"])}` : "";
      galleryCursor = await list(ctx, galleryCursor ? "gallery (cursor)" : "gallery", galleryCursor ? "" : type, galleryCursor);
    } else if (x < 0.55) {
      if (!searchCursor) searchQuery = `&search=${encodeURIComponent(r.pick(SEARCH_WORDS))}`;
      searchCursor = await list(ctx, searchCursor ? "search (cursor)" : "search", searchQuery, searchCursor);
    } else if (x < 0.7) {
      const id = ctx.seenIds.length ? r.pick(ctx.seenIds) : world.stream.id;
      await c.call("content details", "GET", `/api/content/${id}`);
    } else {
      // A 256 KiB window anywhere in the object, as a seeking player asks for it.
      const offset = Math.floor(r.next() * (world.stream.size / RANGE_BYTES)) * RANGE_BYTES;
      const range = `bytes=${offset}-${offset + RANGE_BYTES - 1}`;
      const cookie = r.pick(world.viewers).cookie;
      await c.call("stream range", "GET", `/api/content/${world.stream.id}/stream`, { cookie, headers: { range }, ok: [206], json: false });
    }
  }
}

/** A player: one playback session after another, as a random viewer (or creator, for self-views). */
export async function player(ctx: Ctx, vu: number, deadline: number) {
  const r = random(2000 + vu);
  const playable = [...ctx.world.short, ...ctx.world.long];
  while (performance.now() < deadline) await session(ctx, r, r.pick(ctx.world.viewers), playable);
}

async function session(ctx: Ctx, r: ReturnType<typeof random>, viewer: User, playable: Item[]) {
  const { c, world, model } = ctx;
  const y = r.next();
  if (y < 0.55) return watch(c, model, viewer, r.pick(world.short), r.next() < 0.15);
  if (y < 0.72) {
    const k = Math.floor(r.next() * REPEATERS);
    return watch(c, model, world.viewers[k]!, world.short[k % world.short.length]!);
  }
  if (y < 0.82) {
    // A creator watching their own item: qualifies, but must never earn.
    const creator = r.pick(world.creators);
    const own = world.short.filter((i) => i.createdBy === creator.id);
    return own.length ? watch(c, model, creator, r.pick(own)) : undefined;
  }
  if (y < 0.88) return tooEarly(c, model, viewer, r.pick(world.long));
  if (y < 0.94) return pastEnd(c, model, viewer, r.pick(world.short));
  return foreign(c, model, viewer, playable);
}

/** Every `everyMs`, `parallel` users call the job at once; returns what the runs reported processed. */
export async function earningsLoop(ctx: Ctx, deadline: number, everyMs: number, parallel: number) {
  const r = random(7);
  let processed = 0;
  let runs = 0;
  const users = [...ctx.world.viewers, ...ctx.world.creators];
  while (performance.now() < deadline) {
    await sleep(Math.min(everyMs, Math.max(0, deadline - performance.now())));
    const results = await Promise.all(
      Array.from({ length: parallel }, () =>
        ctx.c.call<EarningsCalculateResponse>("earnings calculate", "POST", "/api/earnings/calculate", { cookie: r.pick(users).cookie, body: {} }),
      ),
    );
    for (const res of results) processed += res.json?.processed ?? 0;
    runs += results.length;
  }
  return { processed, runs };
}
