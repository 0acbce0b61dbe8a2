import { describe, expect, it } from "vitest";
import {
  CHART_COLORS,
  conversionRate,
  deviceBreakdown,
  deviceLabel,
  fillTimeline,
  formatPercent,
  formatSessionDuration,
  sourceLabel,
  campaignLabel,
} from "./traffic-format";

describe("traffic figures", () => {
  it("words sessions in minutes and seconds, rounding to whole seconds", () => {
    expect(formatSessionDuration(95)).toBe("1m 35s");
    expect(formatSessionDuration(94.6)).toBe("1m 35s");
    expect(formatSessionDuration(-3)).toBe("0m 0s");
  });

  it("reads the API's percentages as fractions, one decimal", () => {
    expect(formatPercent(0.4253)).toBe("42.5%");
    expect(formatPercent(1)).toBe("100.0%");
    expect(formatPercent(0)).toBe("0.0%");
  });

  it("gives a conversion rate of 0% without visitors rather than dividing by zero", () => {
    expect(conversionRate(0, 0)).toBe("0%");
    expect(conversionRate(3, 0)).toBe("0%");
    expect(conversionRate(1, 8)).toBe("12.5%");
  });

  it("names missing sources Direct and missing campaigns Unknown", () => {
    expect([sourceLabel(""), sourceLabel(null), sourceLabel("  "), sourceLabel("newsletter")]).toEqual([
      "Direct",
      "Direct",
      "Direct",
      "newsletter",
    ]);
    expect([campaignLabel(""), campaignLabel(undefined), campaignLabel("launch")]).toEqual([
      "Unknown",
      "Unknown",
      "launch",
    ]);
  });

  it("has a palette of five chart colours", () => {
    expect(CHART_COLORS).toHaveLength(5);
    expect(new Set(CHART_COLORS).size).toBe(5);
  });

  it("lists every device type in the spec's order, and keeps types it does not know", () => {
    expect(
      deviceBreakdown([
        { type: "tv", visitors: 1, percentage: 0.5 },
        { type: "desktop", visitors: 1, percentage: 0.5 },
      ]).map((d) => [d.type, d.visitors]),
    ).toEqual([
      ["mobile", 0],
      ["desktop", 1],
      ["tablet", 0],
      ["tv", 1],
    ]);
  });

  it("names device types as text, whatever the type (never an Object.prototype member)", () => {
    expect(["mobile", "tv", "constructor", "__proto__", ""].map(deviceLabel)).toEqual([
      "Mobile",
      "Tv",
      "Constructor",
      "__proto__",
      "Unknown",
    ]);
  });

  it("fills every UTC day of the range, from the range's start day to today", () => {
    const now = Date.UTC(2026, 10, 21, 0, 30);
    const days = fillTimeline([{ date: "2026-11-20", visitors: 2, pageViews: 5 }], 1, now);
    expect(days).toEqual([
      { date: "2026-11-20", visitors: 2, pageViews: 5 },
      { date: "2026-11-21", visitors: 0, pageViews: 0 },
    ]);
    expect(fillTimeline([], 90, now)).toHaveLength(91);
    // A day the server counted but our clock has not reached yet is kept, not dropped.
    expect(fillTimeline([{ date: "2026-11-22", visitors: 1, pageViews: 1 }], 1, now).map((d) => d.date)).toEqual([
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
  });
});
