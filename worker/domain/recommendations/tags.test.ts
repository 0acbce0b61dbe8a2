import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTags, tagMatchQuery, tagSimilarity, tagWeights } from "./tags";

describe("tags", () => {
  it("compare case- and space-insensitively", () => {
    expect(parseTags(" Jazz,jazz , SMOOTH   jazz,,")).toEqual(["jazz", "smooth jazz"]);
    expect(tagWeights(["Jazz,live", "jazz"])).toEqual(
      new Map([
        ["jazz", 1],
        ["live", 0.5],
      ]),
    );
  });

  it("score an item by the taste weight of its tags, damped by how many it carries, at most 1", () => {
    const taste = new Map([
      ["jazz", 1],
      ["live", 0.5],
    ]);
    expect(tagSimilarity(taste, "JAZZ")).toBe(1);
    expect(tagSimilarity(taste, "jazz,rock,pop,news")).toBe(0.5);
    expect(tagSimilarity(taste, "jazz,live")).toBe(1);
    expect(tagSimilarity(taste, "rock")).toBe(0);
    expect(tagSimilarity(new Map(), "jazz")).toBe(0);
  });

  it("become an FTS query of quoted phrases over the tags column, strongest first", () => {
    expect(
      tagMatchQuery(
        new Map([
          ["live", 0.5],
          ["smooth jazz", 1],
        ]),
      ),
    ).toBe('tags : ("smooth jazz" OR "live")');
    expect(tagMatchQuery(new Map())).toBeNull();
    expect(tagMatchQuery(new Map([["🎷", 1]]))).toBeNull();
  });

  it("can never put FTS syntax into the query, whatever the tags hold", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.double({ min: 0, max: 1, noNaN: true }))), (entries) => {
        const q = tagMatchQuery(new Map(entries));
        if (q === null) return;
        // Only `tags : (`, then quoted runs of letters, digits and single spaces joined by OR, then `)`.
        expect(q).toMatch(/^tags : \("[\p{L}\p{N}]+( [\p{L}\p{N}]+)*"( OR "[\p{L}\p{N}]+( [\p{L}\p{N}]+)*")*\)$/u);
      }),
    );
    expect(
      tagMatchQuery(
        new Map([
          ['a" OR content_search:*', 1],
          ["NEAR(x y)", 0.5],
        ]),
      ),
    ).toBe('tags : ("a or content search" OR "near x y")');
  });
});
