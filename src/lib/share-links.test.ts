import { describe, expect, it } from "vitest";
import { embedSize, itemLink, parseStartTime } from "../../common/embed";

describe("parseStartTime (?t=)", () => {
  it("reads seconds and the 1m30s forms", () => {
    expect(parseStartTime("90")).toBe(90);
    expect(parseStartTime("90s")).toBe(90);
    expect(parseStartTime("1m30s")).toBe(90);
    expect(parseStartTime("2m")).toBe(120);
    expect(parseStartTime("1h2m3s")).toBe(3723);
    expect(parseStartTime(" 0 ")).toBe(0);
  });

  it("ignores anything malformed", () => {
    for (const bad of [null, undefined, "", "-5", "1.5", "abc", "1m30", "s", "m", "1e3", "90ss", "<script>"]) {
      expect(parseStartTime(bad), String(bad)).toBeNull();
    }
  });
});

describe("embedSize", () => {
  it("fits 16:9 inside the asked box, at most 640×360", () => {
    expect(embedSize()).toEqual({ width: 640, height: 360 });
    expect(embedSize(480)).toEqual({ width: 480, height: 270 });
    expect(embedSize(undefined, 180)).toEqual({ width: 320, height: 180 });
    expect(embedSize(5000, 5000)).toEqual({ width: 640, height: 360 });
    // Never more than the site asked for, however small (oEmbed's rule).
    expect(embedSize(10)).toEqual({ width: 10, height: 6 });
    expect(embedSize(undefined, 50)).toEqual({ width: 88, height: 50 });
    expect(embedSize(1, 1)).toEqual({ width: 1, height: 1 });
  });
});

describe("itemLink", () => {
  it("adds whole seconds from one second on", () => {
    expect(itemLink("https://r.example", "ID", 83.9)).toBe("https://r.example/content/ID?t=83");
    expect(itemLink("https://r.example", "ID", 0.5)).toBe("https://r.example/content/ID");
    expect(itemLink("https://r.example", "ID", null)).toBe("https://r.example/content/ID");
  });
});
