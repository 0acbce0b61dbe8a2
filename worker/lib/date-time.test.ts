import { describe, expect, it } from "vitest";
import { isCalendarDateTime } from "../../common/date-time";

describe("isCalendarDateTime", () => {
  it("accepts real days and times with their offset, leap days included", () => {
    for (const ok of [
      "2027-02-28T10:00:00Z",
      "2028-02-29T23:59:59.999Z",
      "2026-12-24T18:00+01:00",
      "2027-06-30T00:00:00-12:00",
      "2027-01-01T10:00:00+14:00",
    ])
      expect(isCalendarDateTime(ok), ok).toBe(true);
  });

  it("refuses days and times the calendar does not have, which Date.parse would move", () => {
    for (const bad of [
      "2027-02-29T10:00:00Z",
      "2027-02-30T10:00:00Z",
      "2027-04-31T10:00:00Z",
      "2027-13-01T10:00:00Z",
      "2027-00-10T10:00:00Z",
      "2027-01-00T10:00:00Z",
      "2027-01-01T24:00:00Z",
      "2027-01-01T23:60:00Z",
      "2027-01-01T23:59:60Z",
      "2027-01-01T10:00:00+15:00",
      "2027-01-01T10:00:00",
      "tomorrow",
    ])
      expect(isCalendarDateTime(bad), bad).toBe(false);
    expect(Number.isNaN(Date.parse("2027-02-30T10:00:00Z")), "what the lenient parser does").toBe(false);
  });
});
