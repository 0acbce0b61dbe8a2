import { describe, expect, it } from "vitest";
import { rankTiers } from "./content-search";

describe("rankTiers", () => {
  it("orders title, tags, creator, description with bm25's former column weights", () => {
    const tiers = rankTiers('"a" "b"');
    expect(tiers.map((t) => t.weight)).toEqual([10, 5, 4, 2]);
    expect(tiers[0]!.query).toBe('{title} : ("a" "b")');
    expect(tiers[3]!.query).toBe('("a" "b") NOT {title tags creator_name} : ("a" "b")');
  });
});
