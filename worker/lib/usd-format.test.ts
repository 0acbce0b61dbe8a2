import { describe, expect, it } from "vitest";
import { formatUsd, formatUsdToCents, plainUsd } from "../../common/usd";
import { usdText } from "./money";

// The one USD rule of screens, messages and CSV exports (docs/decisions/032): exact, never rounded.
describe("the USD formatting rule", () => {
  it("writes whole cents with two decimals and never rounds to whole dollars", () => {
    expect(formatUsd(25)).toBe("$25.00");
    expect(formatUsd(5.5)).toBe("$5.50");
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(1234.5)).toBe("$1,234.50");
    expect(formatUsd(0.01)).toBe("$0.01");
  });

  it("keeps three decimals under a cent, and for any amount that is not whole cents", () => {
    expect(formatUsd(0.003)).toBe("$0.003");
    expect(formatUsd(-0.003)).toBe("−$0.003");
    expect(formatUsd(0.021)).toBe("$0.021");
    expect(formatUsd(30.021)).toBe("$30.021");
    expect(formatUsd(5.521)).toBe("$5.521");
    expect(formatUsd(0.01 + 0.002)).toBe("$0.012");
  });

  it("grows to the micro-dollar when an amount needs it, so nothing is hidden", () => {
    expect(formatUsd(0.0035)).toBe("$0.0035");
    expect(formatUsd(0.000001)).toBe("$0.000001");
    expect(formatUsd(-12.345678)).toBe("−$12.345678");
  });

  it("reads no minus sign into a zero", () => {
    expect(formatUsd(-0)).toBe("$0.00");
    expect(formatUsd(-0.0000001)).toBe("$0.00");
  });

  it("gives CSV cells the same decimals without $ or grouping, so a spreadsheet sums them", () => {
    expect(plainUsd(25)).toBe("25.00");
    expect(plainUsd(1234.5)).toBe("1234.50");
    expect(plainUsd(0.003)).toBe("0.003");
    expect(plainUsd(-0.003)).toBe("-0.003");
  });

  it("writes server messages from micro-dollars by the same rule", () => {
    expect(usdText(25_000_000)).toBe("$25.00");
    expect(usdText(13_000)).toBe("$0.013");
    expect(usdText(-15_000_000)).toBe("−$15.00");
  });

  it("writes a figure no one is paid (an average) to the cent, and a nonzero one under half a cent as such", () => {
    expect(formatUsdToCents(2.000033)).toBe("$2.00");
    expect(formatUsdToCents(4.001233)).toBe("$4.00");
    expect(formatUsdToCents(1234.567)).toBe("$1,234.57");
    expect(formatUsdToCents(0.005)).toBe("$0.01");
    expect(formatUsdToCents(0.0001)).toBe("< $0.01");
    expect(formatUsdToCents(-0.0001)).toBe("> −$0.01");
    expect(formatUsdToCents(0)).toBe("$0.00");
  });
});
