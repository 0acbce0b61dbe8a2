import { describe, expect, it } from "vitest";
import { checkDates, defaultSelection, isDay } from "./report-dates";

const today = "2026-11-21";

describe("report dates", () => {
  it("defaults to the last 30 days up to today (UTC), daily", () => {
    // 23:30 in UTC is already tomorrow east of Greenwich; the report's days are UTC days.
    expect(defaultSelection(Date.parse("2026-11-21T23:30:00Z"))).toEqual({
      startDate: "2026-10-23",
      endDate: "2026-11-21",
      groupBy: "daily",
    });
  });

  it("accepts a range up to today, and a single day", () => {
    expect(checkDates({ startDate: "2026-10-23", endDate: today }, today)).toEqual({});
    expect(checkDates({ startDate: today, endDate: today }, today)).toEqual({});
  });

  it("refuses a start date after today", () => {
    expect(checkDates({ startDate: "2026-11-22", endDate: today }, today)).toEqual({
      startDate: "Start date cannot be after today",
    });
  });

  it("refuses an end date after today or before the start", () => {
    expect(checkDates({ startDate: "2026-11-01", endDate: "2026-11-22" }, today)).toEqual({
      endDate: "End date cannot be after today",
    });
    expect(checkDates({ startDate: "2026-11-10", endDate: "2026-11-09" }, today)).toEqual({
      endDate: "End date cannot be before the start date",
    });
  });

  it("asks for missing or impossible dates", () => {
    expect(checkDates({ startDate: "", endDate: "2026-02-31" }, today)).toEqual({
      startDate: "Choose a start date",
      endDate: "Choose an end date",
    });
    expect(isDay("2026-02-28")).toBe(true);
    expect(isDay("2026-2-28")).toBe(false);
    // Typed days can name a month past 12; that is no day, not an exception.
    expect(isDay("2026-13-01")).toBe(false);
  });

  it("refuses ranges longer than the server answers (10 years), e.g. a half-typed year", () => {
    expect(checkDates({ startDate: "0202-11-21", endDate: today }, today)).toEqual({
      startDate: "Choose a range of at most 10 years",
    });
    expect(checkDates({ startDate: "2016-11-28", endDate: today }, today)).toEqual({});
  });
});
