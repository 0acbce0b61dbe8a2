import { describe, expect, it } from "vitest";
import { ftsQuery, rankTiers } from "./search-query";

describe("ftsQuery", () => {
  it("takes every word whole, and only the last one also as a word start", () => {
    expect(ftsQuery("Street  food, Trav")).toEqual({ whole: '"street" "food" "trav"', prefix: '"street" "food" "trav"*' });
    expect(ftsQuery("glac")).toEqual({ whole: '"glac"', prefix: '"glac"*' });
  });

  it("leaves no FTS syntax from the input and returns null without a word", () => {
    expect(ftsQuery('title:x OR "a" NEAR(b*)')).toEqual({ whole: '"title" "x" "or" "a" "near" "b"', prefix: '"title" "x" "or" "a" "near" "b"*' });
    expect(ftsQuery("🎬 -- ''")).toBeNull();
  });

  it("keeps at most 8 words of at most 64 characters", () => {
    const q = ftsQuery(`${"x".repeat(100)} ${"w ".repeat(20)}`)!;
    expect(q.whole.split(" ")).toHaveLength(8);
    expect(q.whole.startsWith(`"${"x".repeat(64)}"`)).toBe(true);
  });
});

describe("rankTiers", () => {
  it("orders title, tags, creator, description with bm25's former column weights", () => {
    const tiers = rankTiers('"a" "b"');
    expect(tiers.map((t) => t.weight)).toEqual([10, 5, 4, 2]);
    expect(tiers[0]!.query).toBe('{title} : ("a" "b")');
    expect(tiers[3]!.query).toBe('("a" "b") NOT {title tags creator_name} : ("a" "b")');
  });
});
