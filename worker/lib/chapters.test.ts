import { describe, expect, it } from "vitest";
import { MAX_CHAPTERS, MAX_CHAPTER_TITLE, chapterIndexAt, parseChapters } from "../../common/chapters";

// The chapter rule of docs/decisions/050, including what creators (and a farm) may type into a description.

const lines = (...text: string[]) => text.join("\n");

describe("parseChapters", () => {
  it("reads m:ss and h:mm:ss lines after the text that introduces them", () => {
    const description = lines(
      "My trip to the coast.",
      "",
      "0:00 Intro",
      "1:05 The harbour",
      "1:02:03 Sunset",
      "",
      "Thanks for watching!",
    );
    expect(parseChapters(description, 4000)).toEqual([
      { start: 0, title: "Intro" },
      { start: 65, title: "The harbour" },
      { start: 3723, title: "Sunset" },
    ]);
  });

  it("accepts the usual separators, brackets, leading spaces and two-digit minutes", () => {
    const description = lines(
      "  [0:00] - Intro",
      "(00:30) – Part one",
      "01:15 — Part two",
      "2:00: Part three",
      "2:30 | Outro",
    );
    expect(parseChapters(description, 200).map((c) => [c.start, c.title])).toEqual([
      [0, "Intro"],
      [30, "Part one"],
      [75, "Part two"],
      [120, "Part three"],
      [150, "Outro"],
    ]);
  });

  it("reads CRLF and lone CR line ends", () => {
    expect(parseChapters("0:00 A\r\n0:10 B\r0:20 C\r\n", 60).map((c) => c.title)).toEqual(["A", "B", "C"]);
  });

  it("keeps emoji and other scripts whole, and cuts long titles by characters, not UTF-16 halves", () => {
    const long = "🎬".repeat(MAX_CHAPTER_TITLE + 20);
    const [first, second, third] = parseChapters(lines("0:00 🎬 Intro 👋🏽", "0:10 Тема · 主题", `0:20 ${long}`), 60);
    expect(first.title).toBe("🎬 Intro 👋🏽");
    expect(second.title).toBe("Тема · 主题");
    expect(Array.from(third.title)).toHaveLength(MAX_CHAPTER_TITLE);
    expect(third.title).toBe("🎬".repeat(MAX_CHAPTER_TITLE));
  });

  it("keeps markup as plain text (the SPA renders it as text) and turns control characters into spaces", () => {
    const chapters = parseChapters(lines("0:00 <b>Intro</b>", "0:10 a\tb\u0007c"), 60);
    expect(chapters.map((c) => c.title)).toEqual(["<b>Intro</b>", "a b c"]);
  });

  it("allows blank lines inside the list; any other line ends it", () => {
    const description = lines("0:00 A", "", "0:10 B", "   ", "0:20 C", "Links:", "0:30 Not a chapter");
    expect(parseChapters(description, 60).map((c) => c.title)).toEqual(["A", "B", "C"]);
  });

  it("starts the list at 0:00, skipping timestamps mentioned before it", () => {
    const description = lines("12:30 meet-up at the harbour", "0:00 Intro", "0:40 Walk");
    expect(parseChapters(description, 60).map((c) => c.start)).toEqual([0, 40]);
  });

  it.each([
    ["no 0:00 at all", lines("0:05 A", "0:10 B", "0:20 C")],
    ["a single chapter", lines("0:00 Only")],
    ["out of order", lines("0:00 A", "0:30 B", "0:20 C")],
    ["a repeated time", lines("0:00 A", "0:10 B", "0:10 C")],
    ["timestamps without titles", lines("0:00", "0:10 ", "0:20 -")],
    ["timestamps glued to the title", lines("0:00Intro", "0:10Part")],
    ["seconds past 59", lines("0:00 A", "0:75 B")],
    ["an inline mention", "At 0:00 we start and at 0:10 we go."],
    ["empty text", ""],
  ])("gives no chapters for %s", (_case, description) => {
    expect(parseChapters(description, 600)).toEqual([]);
  });

  it("drops chapters at or after the end of the item, and gives none when fewer than two remain", () => {
    expect(parseChapters(lines("0:00 A", "0:10 B", "0:30 C", "5:00 D"), 30).map((c) => c.title)).toEqual(["A", "B"]);
    expect(parseChapters(lines("0:00 A", "0:30 B"), 30)).toEqual([]);
    expect(parseChapters(lines("0:00 A", "0:10 B"), Number.NaN)).toEqual([]);
    expect(parseChapters(lines("0:00 A", "0:10 B"), 0)).toEqual([]);
  });

  it("reads at most MAX_CHAPTERS of a 1,000-line list, quickly", () => {
    const thousand = Array.from(
      { length: 1000 },
      (_, i) => `${Math.floor(i / 60)}:${String(i % 60).padStart(2, "0")} Part ${i}`,
    );
    const started = performance.now();
    const chapters = parseChapters(thousand.join("\n"), 10_000);
    expect(performance.now() - started).toBeLessThan(200);
    expect(chapters).toHaveLength(MAX_CHAPTERS);
    expect(chapters.at(-1)).toEqual({ start: MAX_CHAPTERS - 1, title: `Part ${MAX_CHAPTERS - 1}` });
  });

  it("does not choke on a 5,000-character line of digits and colons", () => {
    const hostile = `0:00 A\n0:10 ${"9:".repeat(2500)}\n${"1:".repeat(2500)}`;
    const started = performance.now();
    expect(parseChapters(hostile, 60).map((c) => c.start)).toEqual([0, 10]);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe("chapterIndexAt", () => {
  const chapters = parseChapters(lines("0:00 A", "0:10 B", "0:30 C"), 60);
  it.each([
    [0, 0],
    [9.9, 0],
    [10, 1],
    [29, 1],
    [30, 2],
    [59, 2],
  ])("at %s s is chapter %s", (seconds, index) => {
    expect(chapterIndexAt(chapters, seconds)).toBe(index);
  });
  it("is -1 without chapters", () => {
    expect(chapterIndexAt([], 5)).toBe(-1);
  });
});
