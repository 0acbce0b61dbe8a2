import { describe, expect, it } from "vitest";
import { dateToDay, dayText, dayToDate, parseDayText } from "./day-text";

describe("report picker text", () => {
  it("shows a day as 'MMM d, yyyy' and nothing for no day", () => {
    expect(dayText("2026-11-05")).toBe("Nov 5, 2026");
    expect(dayText("")).toBe("");
  });

  it("reads days written the way they are shown, loosely, and a pasted YYYY-MM-DD", () => {
    for (const [text, day] of [
      ["Nov 21, 2026", "2026-11-21"],
      ["nov 21 2026", "2026-11-21"],
      [" November 21, 2026 ", "2026-11-21"],
      ["Nov. 5, 2026", "2026-11-05"],
      ["Sept 3, 2026", "2026-09-03"],
      ["Feb 29, 2028", "2028-02-29"],
      ["2026-11-21", "2026-11-21"],
      ["2026-1-5", "2026-01-05"],
    ]) {
      expect(parseDayText(text!), text).toBe(day);
    }
  });

  it("refuses what is not a real day, and numeric forms that read differently by country", () => {
    for (const text of [
      "",
      "11/21/2026",
      "21.11.2026",
      "Nov 31, 2026",
      "Feb 29, 2026",
      "Nox 1, 2026",
      "No 1, 2026",
      "Nov 1, 26",
      "Nov 2026",
      "2026-13-01",
    ]) {
      expect(parseDayText(text), text).toBeNull();
    }
  });

  it("hands the calendar the same day it shows, in any time zone", () => {
    for (const day of ["2026-01-01", "2026-03-29", "2026-10-25", "2026-12-31", "0099-06-15"]) {
      expect(dateToDay(dayToDate(day))).toBe(day);
    }
  });
});
