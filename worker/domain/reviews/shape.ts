// Collusion judged by its shape (docs/decisions/065): who is paid by whom among the view rewards still in
// holding, whatever the accounts' ages and addresses. A patient farm ages its accounts, spreads its addresses and
// stays under each per-event limit, but its money has one shape honest audiences do not: a group of accounts
// whose paid views go to the same few creators, day after day, and creators whose paid audience is mostly such
// accounts (lockstep, after CopyCatch, Beutel et al., WWW 2013; audience exclusivity) or their own creators
// watching them back (a ring). Pure: the sweep reads the held edges (db/queries/reviews/shape-sweep.ts) and writes the
// flags; the thresholds are here, measured by `npm run bench:farm` against an honest population.
import type { CreatorHeld, HeldEdge, ShapeFlag } from "../../db/queries/reviews/shape-sweep";

/** A creator is in a ring once their paid views in holding from accounts they watch back are at least this many… */
const RING_MIN_VIEWS = 1;
/** …and at least this share of all their paid views in holding. */
const RING_SHARE = 0.5;
/**
 * A creator is part of a creator's group when at least this share of the creator's audience watched them, and
 * that audience is at least this share of theirs (a popular creator everyone watches is nobody's group).
 */
export const GROUP_SHARE = 0.5;
/** A viewer is captive to a group when at least this share of their paid views in holding went to it… */
export const CAPTIVE_SHARE = 0.8;
/** …and at least this many (a fan who watched two items of one creator this week is nobody's farm). */
export const CAPTIVE_MIN_VIEWS = 4;
/** A creator is flagged once at least this many captive viewers… */
export const CAPTIVE_MIN_VIEWERS = 3;
/** …make up at least this share of their paid views in holding. */
const CAPTIVE_AUDIENCE_SHARE = 0.5;
/** The heaviest viewers of a creator whose other watching is read (bounds the work per creator). */
export const AUDIENCE_SAMPLE = 200;

type ShapeRule = ShapeFlag["rule"];

export type ShapeFinding = {
  rule: ShapeRule;
  /** The judged creator; the flag's subject (a ring's: its first member, whichever creator found it). */
  creator: string;
  /**
   * The flag covers the held views from `viewers` to `creators`: a ring's members both ways, the creator alone
   * for a captive audience.
   */
  creators: string[];
  viewers: string[];
  /** The paid views of the creator in holding that made the finding, from how many accounts, on how many days at most. */
  views: number;
  accounts: number;
  days: number;
  /** The creator's paid views in holding, all viewers. */
  creatorViews: number;
  /** The group the captive viewers watch (lockstep: the creator and the others), creator first. */
  group: string[];
};

/**
 * Judges each creator of `creators` from the held edges of their audience and of that audience's other watching.
 * `edges` holds, for each judged creator, its (sampled) viewers' edges to every creator they were paid by;
 * `audienceOf`, for the creators those edges reach, how many accounts were paid for viewing them in holding (a
 * creator missing from it is taken as watched by no one else).
 */
export function judgeShapes(
  creators: CreatorHeld[],
  edges: HeldEdge[],
  audienceOf: Map<string, number> = new Map(),
): ShapeFinding[] {
  const byViewer = new Map<string, HeldEdge[]>();
  for (const e of edges) {
    const list = byViewer.get(e.viewer);
    if (list) list.push(e);
    else byViewer.set(e.viewer, [e]);
  }
  const findings: ShapeFinding[] = [];
  for (const c of creators) {
    const audience = edges.filter((e) => e.creator === c.creator && e.viewer !== c.creator);
    if (!audience.length || c.views <= 0) continue;
    const ring = judgeRing(c, audience);
    if (ring) findings.push(ring);
    const group = judgeGroup(c, audience, byViewer, audienceOf);
    if (group) findings.push(group);
  }
  return findings;
}

/**
 * The creators whose held audience size the group rule needs (those watched by at least GROUP_SHARE of a judged
 * creator's audience), each with the most watchers it has among one judged audience: an audience larger than
 * watchers / GROUP_SHARE keeps it out of every group, so counting further is not needed.
 */
export function groupCandidates(creators: CreatorHeld[], edges: HeldEdge[]): Map<string, number> {
  const byViewer = new Map<string, HeldEdge[]>();
  for (const e of edges) byViewer.set(e.viewer, [...(byViewer.get(e.viewer) ?? []), e]);
  const out = new Map<string, number>();
  for (const c of creators) {
    const audience = edges.filter((e) => e.creator === c.creator && e.viewer !== c.creator);
    const watchers = new Map<string, number>();
    for (const a of audience)
      for (const e of byViewer.get(a.viewer) ?? []) watchers.set(e.creator, (watchers.get(e.creator) ?? 0) + 1);
    for (const [creator, n] of watchers) {
      if (creator !== c.creator && n >= GROUP_SHARE * audience.length)
        out.set(creator, Math.max(out.get(creator) ?? 0, n));
    }
  }
  return out;
}

/** The creator's paid audience is mostly accounts the creator watches back. */
function judgeRing(c: CreatorHeld, audience: HeldEdge[]): ShapeFinding | null {
  const partners = audience.filter((e) => e.reciprocal);
  const views = sum(partners.map((e) => e.views));
  if (views < RING_MIN_VIEWS || views < RING_SHARE * c.views) return null;
  const members = [c.creator, ...partners.map((e) => e.viewer)].sort();
  return { ...finding("ring", c, partners, [c.creator]), creator: members[0]!, creators: members, viewers: members };
}

/**
 * The creator's paid audience is mostly captive to one group: accounts whose paid views go (almost) only to the
 * creators most of this audience watches. A group of one is an exclusive audience; of several, a lockstep group.
 */
function judgeGroup(
  c: CreatorHeld,
  audience: HeldEdge[],
  byViewer: Map<string, HeldEdge[]>,
  audienceOf: Map<string, number>,
): ShapeFinding | null {
  const watchers = new Map<string, number>();
  for (const a of audience)
    for (const e of byViewer.get(a.viewer) ?? []) watchers.set(e.creator, (watchers.get(e.creator) ?? 0) + 1);
  const group = new Set([c.creator]);
  for (const [creator, n] of watchers) {
    if (n >= GROUP_SHARE * audience.length && n >= GROUP_SHARE * (audienceOf.get(creator) ?? n)) group.add(creator);
  }
  const captive = audience.filter((a) => {
    const all = byViewer.get(a.viewer) ?? [];
    const inside = sum(all.filter((e) => group.has(e.creator)).map((e) => e.views));
    return inside >= CAPTIVE_MIN_VIEWS && inside >= CAPTIVE_SHARE * sum(all.map((e) => e.views));
  });
  if (captive.length < CAPTIVE_MIN_VIEWERS || sum(captive.map((e) => e.views)) < CAPTIVE_AUDIENCE_SHARE * c.views)
    return null;
  const others = [...group].filter((g) => g !== c.creator).sort();
  return finding(others.length ? "lockstep" : "exclusive_audience", c, captive, [c.creator, ...others]);
}

function finding(rule: ShapeRule, c: CreatorHeld, edges: HeldEdge[], group: string[]): ShapeFinding {
  return {
    rule,
    creator: c.creator,
    creators: [c.creator],
    viewers: edges.map((e) => e.viewer).sort(),
    views: sum(edges.map((e) => e.views)),
    accounts: edges.length,
    days: Math.max(0, ...edges.map((e) => e.days)),
    creatorViews: c.views,
    group,
  };
}

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);
