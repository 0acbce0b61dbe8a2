import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CreatorHeld, HeldEdge } from "../../db/queries/reviews/shape-sweep";
import { CAPTIVE_MIN_VIEWERS, CAPTIVE_MIN_VIEWS, judgeShapes } from "./shape";

// The shape rules (docs/decisions/065) against random worlds: an honest world (members choosing what to watch by
// the creators' popularity, independently of one another; nobody watches back) is never flagged, and a planted
// lockstep group — at least CAPTIVE_MIN_VIEWERS accounts putting at least CAPTIVE_MIN_VIEWS paid views each on
// the same few creators and nothing else — always is, whatever honest world it hides in.
//
// The honest world's stated limits: at least 50 creators with Zipf popularity (exponent 0.8–1.1: the most popular
// has a fifth to a third of all views), at least 100 members with 1–40 paid views in holding. A world of a few
// creators that everyone watches has the shape of a farm: the rules need the platform around a group.

type Views = Map<string, Map<string, number>>;

/** A deterministic generator from fast-check's seed, so a failure replays. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

function honestWorld(seed: number, members: number, creators: number, exponent: number): Views {
  const random = rng(seed);
  const weights = Array.from({ length: creators }, (_, i) => 1 / (i + 1) ** exponent);
  const total = weights.reduce((a, b) => a + b, 0);
  const pick = () => {
    let r = random() * total;
    for (let i = 0; i < creators; i++) {
      r -= weights[i]!;
      if (r <= 0) return i;
    }
    return creators - 1;
  };
  const world: Views = new Map();
  for (let m = 0; m < members; m++) {
    const row = new Map<string, number>();
    const n = 1 + Math.floor(random() * 40);
    for (let k = 0; k < n; k++) {
      const c = `c${pick()}`;
      row.set(c, (row.get(c) ?? 0) + 1);
    }
    world.set(`m${m}`, row);
  }
  return world;
}

/** Every creator judged, with its whole audience, as the sweep reads it. */
function judge(world: Views) {
  const edges: HeldEdge[] = [];
  const totals = new Map<string, CreatorHeld>();
  for (const [viewer, row] of world) {
    for (const [creator, views] of row) {
      edges.push({ viewer, creator, views, days: Math.min(views, 7), reciprocal: false });
      const t = totals.get(creator) ?? { creator, views: 0, viewers: 0 };
      t.views += views;
      t.viewers += 1;
      totals.set(creator, t);
    }
  }
  return judgeShapes([...totals.values()], edges, new Map([...totals.values()].map((t) => [t.creator, t.viewers])));
}

const honestParams = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  members: fc.integer({ min: 100, max: 600 }),
  creators: fc.integer({ min: 50, max: 200 }),
  exponent: fc.double({ min: 0.8, max: 1.1, noNaN: true }),
});

describe("the shape rules on random worlds", () => {
  it("never flag an honest world", () => {
    fc.assert(
      fc.property(honestParams, ({ seed, members, creators, exponent }) => {
        expect(judge(honestWorld(seed, members, creators, exponent))).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it("always flag a planted lockstep group of CAPTIVE_MIN_VIEWERS accounts or more, every creator of it", () => {
    fc.assert(
      fc.property(
        honestParams,
        fc.integer({ min: CAPTIVE_MIN_VIEWERS, max: 30 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: CAPTIVE_MIN_VIEWS, max: 60 }),
        ({ seed, members, creators, exponent }, groupViewers, groupCreators, perViewer) => {
          const world = honestWorld(seed, members, creators, exponent);
          const farm = Array.from({ length: groupCreators }, (_, i) => `farm-c${i}`);
          for (let v = 0; v < groupViewers; v++) {
            // Each account spreads its views over the group's creators as evenly as it can.
            const row = new Map<string, number>();
            for (let k = 0; k < perViewer; k++)
              row.set(farm[k % farm.length]!, (row.get(farm[k % farm.length]!) ?? 0) + 1);
            world.set(`farm-v${v}`, row);
          }
          const found = judge(world);
          // Every farm creator paid by the group is flagged, under lockstep (several) or exclusive audience (one).
          const paid = farm.filter((c) => [...world.values()].some((row) => row.has(c)));
          for (const c of paid) {
            const f = found.find((x) => x.creator === c);
            expect(f, c).toBeDefined();
            expect(f!.rule).toBe(groupCreators > 1 ? "lockstep" : "exclusive_audience");
            expect(f!.viewers.every((v) => v.startsWith("farm-v"))).toBe(true);
          }
          // Nothing honest is flagged beside it.
          expect(found.filter((f) => !f.creator.startsWith("farm-c"))).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
