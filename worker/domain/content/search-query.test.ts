import { describe, expect, it } from "vitest";
import { ftsQuery } from "./search-query";

describe("ftsQuery", () => {
  it("takes every word whole, and only the last one also as a word start", () => {
    expect(ftsQuery("Street  food, Trav")).toEqual({
      whole: '"street" "food" "trav"',
      prefix: '"street" "food" "trav"*',
    });
    expect(ftsQuery("glac")).toEqual({ whole: '"glac"', prefix: '"glac"*' });
  });

  it("leaves no FTS syntax from the input and returns null without a word", () => {
    expect(ftsQuery('title:x OR "a" NEAR(b*)')).toEqual({
      whole: '"title" "x" "or" "a" "near" "b"',
      prefix: '"title" "x" "or" "a" "near" "b"*',
    });
    expect(ftsQuery("🎬 -- ''")).toBeNull();
  });

  it("keeps at most 8 words of at most 64 characters", () => {
    const q = ftsQuery(`${"x".repeat(100)} ${"w ".repeat(20)}`)!;
    expect(q.whole.split(" ")).toHaveLength(8);
    expect(q.whole.startsWith(`"${"x".repeat(64)}"`)).toBe(true);
  });
});
