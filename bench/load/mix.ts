// The traffic mix: browsers and players that each loop until the deadline (a session in flight finishes), a
// binger who watches one item after another, and an earnings loop that fires several calculate calls at once
// every few seconds, as home pages of several signed-in users do (docs/architecture.md §4 "The earnings job").
import type { ContentListResponse } from "../../common/schemas/content";
import type { EarningsCalculateResponse } from "../../common/schemas/earnings";
import { QUERY_WORDS } from "../synthetic.ts";
import type { Client } from "./client.ts";
import { sleep } from "./client.ts";
import { neverFetched } from "./media.ts";
import { burst, foreign, halfStreamed, pastEnd, tabs, tooEarly, watch } from "./playback.ts";
import type { Item, User, World } from "./setup.ts";
import { viewerWithBudget } from "./start-budget.ts";
import type { ViewsModel } from "./views-model.ts";

const RANGE_BYTES = 256 * 1024;
const SEARCH_WORDS = [...Object.values(QUERY_WORDS), "music", "night", "cooking", "load", "tiny"];

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
      galleryCursor = await list(
        ctx,
        galleryCursor ? "gallery (cursor)" : "gallery",
        galleryCursor ? "" : type,
        galleryCursor,
      );
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
      await c.call("stream range", "GET", `/api/content/${world.stream.id}/stream`, {
        cookie,
        headers: { range },
        ok: [206],
        json: false,
      });
    }
  }
}

/**
 * Starts of one burst (the attack of docs/decisions/015 opened 72). Each start ends the viewer's views before
 * it that had not qualified, so every burst ends 23 sessions: their D1 writes are part of the "ended" row of
 * the report. Under the 60 starts a minute a member may make (docs/decisions/030), unless the same viewer
 * bursts again within the minute: then the limit refuses the rest (429, expected).
 */
export const BURST_STARTS = 24;
/** Sessions a multi-tab viewer opens at once. */
export const TABS = 3;

/**
 * The accounts of player loop `vu` of `players`: its own share of the viewers (viewer i belongs to loop
 * i mod players) and creator `vu` if there is one. A viewer's object lets only its newest session earn, so
 * two loops playing as one viewer would cut each other's sessions short; owning the accounts rules that out.
 */
export function playerAccounts(world: World, vu: number, players: number) {
  return { viewers: world.viewers.filter((_, i) => i % players === vu), creator: world.creators[vu] ?? null };
}

/** A player: one playback session after another, as one of its own viewers (or its creator, for self-views). */
export async function player(ctx: Ctx, vu: number, players: number, deadline: number) {
  const r = random(2000 + vu);
  const own = playerAccounts(ctx.world, vu, players);
  if (!own.viewers.length) throw new Error(`player ${vu} has no viewer of its own: more player loops than viewers`);
  while (performance.now() < deadline) await session(ctx, r, own);
}

const SESSION_KINDS = {
  earning: "valid on a 6–8 s item",
  short: "valid on a 3 s item",
  self: "self-view",
  tabs: `${TABS} tabs at once`,
  burst: `burst of ${BURST_STARTS} starts`,
  early: "complete too early",
  pastEnd: "position past the end",
  foreign: "foreign view id",
  binger: "binger view",
  repeater: "repeater view",
  half: "paced, half the media streamed",
} as const;

/** The share of each kind of player session (cumulative thresholds on one draw). */
const SESSION_MIX: [number, keyof typeof SESSION_KINDS][] = [
  [0.46, "earning"],
  [0.5, "half"],
  [0.6, "short"],
  [0.68, "self"],
  [0.76, "tabs"],
  [0.82, "burst"],
  [0.88, "early"],
  [0.94, "pastEnd"],
  [1, "foreign"],
];

/** Starts a session of this kind makes (a burst does not ask the budget: it is the attack the limit stops). */
const STARTS: Partial<Record<keyof typeof SESSION_KINDS, number>> = { tabs: TABS, burst: 0, foreign: 0 };

/** The drawn viewer if the start limit lets them start `n` views now, else the next of the loop's own who may. */
const withBudget = (drawn: User, others: User[], n: number) =>
  n ? viewerWithBudget([drawn, ...others.filter((u) => u !== drawn)], n) : drawn;

async function session(ctx: Ctx, r: ReturnType<typeof random>, own: ReturnType<typeof playerAccounts>) {
  const { c, world, model } = ctx;
  const drawn = r.pick(own.viewers);
  const y = r.next();
  let kind = SESSION_MIX.find(([upTo]) => y < upTo)?.[1] ?? "foreign";
  // A creator watching their own item: qualifies, but must never earn (loops without a creator watch instead).
  const mine = own.creator ? world.earning.filter((i) => i.createdBy === own.creator!.id) : [];
  if (kind === "self" && !(own.creator && mine.length)) kind = "earning";
  // A foreign view id needs another viewer's view: none yet in the first moments of the run.
  if (kind === "foreign" && !model.recent.some((v) => v.viewerId !== drawn.id)) kind = "earning";
  // Honest sessions wait for the start limit; the self-view plays as the creator, whose budget it asks.
  const viewer = kind === "self" ? drawn : await withBudget(drawn, own.viewers, STARTS[kind] ?? 1);
  if (kind === "self") await viewerWithBudget([own.creator!], 1);
  // Half the media of an item this viewer's browser never had whole (none left: a valid session instead).
  const unfetched = kind === "half" ? neverFetched(viewer, world.earning) : [];
  if (kind === "half" && !unfetched.length) kind = "earning";
  model.ran(SESSION_KINDS[kind]);
  switch (kind) {
    case "earning":
      return watch(c, model, viewer, r.pick(world.earning), r, { retry: r.next() < 0.15 });
    case "half":
      return halfStreamed(c, model, viewer, r.pick(unfetched), r);
    case "short": // under 5 s: qualifies like any other view, settles unearnable
      return watch(c, model, viewer, r.pick(world.short), r);
    case "self":
      return watch(c, model, own.creator!, r.pick(mine), r);
    case "tabs":
      return tabs(c, model, viewer, distinct(r, world.earning, TABS), r);
    case "burst":
      return burst(
        c,
        model,
        viewer,
        Array.from({ length: BURST_STARTS }, () => r.pick([...world.earning, ...world.long])),
      );
    case "early":
      return tooEarly(c, model, viewer, r.pick(world.long));
    case "pastEnd":
      return pastEnd(c, model, viewer, r.pick([...world.earning, ...world.short]));
    default:
      return foreign(c, model, viewer, [...world.earning, ...world.short, ...world.long]);
  }
}

/** `n` different items, drawn from a deterministic shuffle. */
function distinct(r: ReturnType<typeof random>, items: Item[], n: number): Item[] {
  const pool = [...items];
  const out: Item[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(r.next() * pool.length), 1)[0]!);
  return out;
}

/**
 * Two viewers of their own who watch one earning item after another for the whole run, moving on as soon
 * as a view qualified (3–5 s each): the binger goes through the items in turn and earns more views in one
 * UTC day than the daily cap set for the run allows; the repeater replays one item, far more than 3 times.
 */
export async function binger(ctx: Ctx, who: "binger" | "repeater", deadline: number) {
  const r = random(who === "binger" ? 3000 : 3001);
  const items = ctx.world.earning;
  for (let i = 0; performance.now() < deadline; i++) {
    const item = who === "binger" ? items[i % items.length]! : items[0]!;
    ctx.model.ran(SESSION_KINDS[who]);
    await viewerWithBudget([ctx.world[who]], 1);
    await watch(ctx.c, ctx.model, ctx.world[who], item, r, { untilQualified: true });
  }
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
        ctx.c.call<EarningsCalculateResponse>("earnings calculate", "POST", "/api/earnings/calculate", {
          cookie: r.pick(users).cookie,
          body: {},
        }),
      ),
    );
    for (const res of results) processed += res.json?.processed ?? 0;
    runs += results.length;
  }
  return { processed, runs };
}
