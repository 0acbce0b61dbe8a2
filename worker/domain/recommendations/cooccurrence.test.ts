import { describe, expect, it } from "vitest";
import { cooccurrence, type InteractionGraph } from "./cooccurrence";

describe("co-occurrence (the TypeScript twin of the candidate query)", () => {
  const graphOf = (likes: Record<string, string[]>, finished: Record<string, string[]> = {}): InteractionGraph => {
    const invert = (m: Record<string, string[]>) => (item: string) =>
      Object.keys(m)
        .filter((u) => m[u]!.includes(item))
        .sort();
    return {
      likersOf: invert(likes),
      finishersOf: invert(finished),
      likesOf: (u) => likes[u] ?? [],
      finishedBy: (u) => finished[u] ?? [],
    };
  };

  it("sums peer similarity × peer weight, leaving out the seeds and the viewer", () => {
    // p1 liked the seed (sim 3·3 = 9) and liked x; p2 finished the seed (sim 3·1 = 3) and finished x and y.
    const graph = graphOf({ me: ["s"], p1: ["s", "x"] }, { p2: ["s", "x", "y"] });
    expect(cooccurrence([["s", 3]], graph, "me")).toEqual(
      new Map([
        ["x", 9 * 3 + 3 * 1],
        ["y", 3],
      ]),
    );
  });

  it("is empty without seeds", () => {
    expect(cooccurrence([], graphOf({ p1: ["a", "b"] }), "me").size).toBe(0);
  });
});
