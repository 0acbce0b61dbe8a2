import { describe, expect, it } from "vitest";
import { rankTiers } from "./content-search";

describe("rankTiers", () => {
  it("orders title, tags, creator, description with bm25's former column weights (doubled), then captions", () => {
    const tiers = rankTiers('"a" "b"');
    expect(tiers.map((t) => t.weight)).toEqual([20, 10, 8, 4, 2]);
    expect(tiers[0]!.query).toBe('{title} : ("a" "b")');
    expect(tiers[3]!.query).toBe(
      '{title tags creator_name description} : ("a" "b") NOT {title tags creator_name} : ("a" "b")',
    );
    // Captions last: the words are only all there with the caption text (docs/decisions/049).
    expect(tiers[4]!.query).toBe('("a" "b") NOT {title tags creator_name description} : ("a" "b")');
  });
});
