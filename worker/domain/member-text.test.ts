import { describe, expect, it } from "vitest";
import { hasUnshowable, memberTextProblem, visibleLength } from "../../common/member-text";
import { cleanBio, bioError } from "../../common/profile";
import { memberText } from "../../common/schemas/text";
import { normalizeTags } from "../../common/tags";

// The one rule for what members type (docs/decisions/106), held apart from any route.
const comment = memberText({
  label: "Comment",
  min: 1,
  max: 2000,
  multiline: true,
  messages: { required: "Comment text is required", max: "Comment must be at most 2,000 characters" },
});
const title = memberText({ label: "Title", min: 1, max: 200 });
const appeal = memberText({ label: "text", min: 10, max: 2000, multiline: true });
const problemOf = (schema: typeof title, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : parsed.error.issues.map((i) => i.message).join("; ");
};

describe("memberText: length as the text box counts it (UTF-16 units)", () => {
  it("counts an emoji as two, so 1,000 fit and 1,001 do not", () => {
    expect(problemOf(comment, "😀".repeat(1000))).toBeNull();
    expect(problemOf(comment, "😀".repeat(1001))).toBe("Comment must be at most 2,000 characters");
    expect(problemOf(comment, "😀".repeat(2000))).toBe("Comment must be at most 2,000 characters");
    expect(problemOf(comment, "x".repeat(2000))).toBeNull();
    expect(problemOf(comment, "x".repeat(2001))).toBe("Comment must be at most 2,000 characters");
  });

  it("counts the trimmed text", () => {
    expect(problemOf(comment, `  ${"x".repeat(2000)}\n `)).toBeNull();
  });
});

describe("memberText: required and minimums count only what shows", () => {
  it("refuses zero-width spaces, joiners, right-to-left marks, variation selectors and whitespace alone", () => {
    for (const invisible of ["\u200b\u200b\u200b", "\u200d", "\u200e\u200f", "\ufe0f", " \u00a0\u3000 ", "\u3164"]) {
      expect(problemOf(comment, invisible), JSON.stringify(invisible)).toBe("Comment text is required");
      expect(problemOf(title, invisible), JSON.stringify(invisible)).toBe("Title is required");
    }
  });

  it("gives the minimum's words to an appeal padded with invisible characters", () => {
    expect(problemOf(appeal, `   ${"\u200b".repeat(11)}`)).toBe("text must be at least 10 characters");
    expect(problemOf(appeal, `abc${"\u200b".repeat(11)}`)).toBe("text must be at least 10 characters");
    expect(problemOf(appeal, "Please look again")).toBeNull();
  });

  it("counts visible characters only", () => {
    expect(visibleLength("a\u200bb c\u00ad")).toBe(3);
    expect(visibleLength("👨\u200d👩\u200d👧")).toBe(6);
  });
});

describe("memberText: characters that cannot be shown", () => {
  it("refuses a lone surrogate, NUL and other control characters", () => {
    for (const broken of [
      "Northern \ud800 Lights",
      "Lights \udfff",
      "a\u0000b",
      "bell\u0007",
      "esc\u001b[31m",
      "del\u007f",
      "c1\u0085",
    ]) {
      expect(problemOf(title, broken), JSON.stringify(broken)).toBe("Title contains characters that cannot be shown");
      expect(problemOf(comment, broken), JSON.stringify(broken)).toBe(
        "Comment contains characters that cannot be shown",
      );
    }
    expect(hasUnshowable("😀")).toBe(false);
  });

  it("refuses the bidi embedding, override and isolate controls, which show text in another order (docs/decisions/108)", () => {
    for (const c of ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]) {
      const spoof = `invoice ${c}gnp.exe`;
      expect(hasUnshowable(spoof), JSON.stringify(c)).toBe(true);
      expect(problemOf(title, spoof), JSON.stringify(c)).toBe("Title contains characters that cannot be shown");
    }
    expect(problemOf(comment, "PP-1\u202eevil\u202c")).toBe("Comment contains characters that cannot be shown");
    // The marks that right-to-left writers type reorder nothing beyond neutral characters: kept.
    for (const text of ["שלום\u200f (PayPal)", "(1)\u200e abc", "مرحبا\u061c 12"]) {
      expect(hasUnshowable(text), JSON.stringify(text)).toBe(false);
      expect(title.parse(text)).toBe(text);
    }
  });

  it("refuses a line break in a one-line field, and keeps it and tabs in a multi-line one", () => {
    for (const broken of ["Two\nlines", "Two\r\nlines", "Two\u2028lines"]) {
      expect(problemOf(title, broken)).toBe("Title must be on one line");
    }
    expect(comment.parse("First line\r\n\tSecond line")).toBe("First line\r\n\tSecond line");
    expect(title.parse("With\ta tab")).toBe("With\ta tab");
  });

  it("says not-text in the field's words", () => {
    expect(problemOf(title, 5)).toBe("Title is required");
    expect(problemOf(appeal, 5)).toBe("text must be text");
  });
});

describe("memberText: good text is kept as typed", () => {
  it("accepts emoji, accents, CJK, right-to-left letters, combining marks and HTML, unchanged", () => {
    for (const text of [
      "Northern Lights 🌌",
      "Crème brûlée à la française",
      "北極光と夜の旅",
      "שלום עולם",
      "مرحبا بالعالم",
      "e\u0301 and 👍🏽 and 👨‍👩‍👧",
      "<script>alert(1)</script> & <b>bold</b>",
    ]) {
      expect(title.parse(text)).toBe(text);
      expect(memberTextProblem(text, { label: "Title", min: 1, max: 200 })).toBeNull();
    }
  });
});

describe("the profile and tags under the same rule", () => {
  it("refuses a bio with a lone surrogate, and stores one of only invisible characters as empty", () => {
    expect(bioError("Films \ud83c and sound")).toBe("Bio contains characters that cannot be shown");
    expect(bioError("Films 🎬 and sound")).toBeNull();
    expect(cleanBio("\u200b\u200b\n\u200b")).toBe("");
  });

  it("drops a tag of only invisible characters as it drops an empty one", () => {
    expect(normalizeTags("synthwave, \u200b\u200b ,travel")).toEqual(["synthwave", "travel"]);
  });
});
