import { describe, expect, it } from "vitest";
import { LATIN_LOOKALIKES } from "../../common/username-lookalikes";
import { usernameError, usernameKey, usernameSkeleton } from "../../common/username";

// The lookalike table and the skeleton it makes (docs/decisions/104).
describe("usernameSkeleton", () => {
  const sameName: [string, string, string][] = [
    ["all-Cyrillic 'асе'", "\u0430\u0441\u0435", "ace"],
    ["all-Cyrillic 'рауре'", "\u0440\u0430\u0443\u0440\u0435", "paype"],
    ["a digit for a letter", "paypa1", "paypal"],
    ["0 for o", "b0b", "bob"],
    ["Cyrillic capitals", "\u0412\u041e\u0412", "bob"],
    ["Greek capitals", "\u039d\u0399\u039a\u039f", "niko"],
    ["Greek small letters", "\u03b7\u03b1\u03b7\u03bf", "nano"],
    ["Cyrillic with digits and _", "\u0441\u043e\u043e\u04bb_1", "cooh_l"],
    ["Armenian", "\u0570\u0585\u057d\u0581", "houg"],
    ["full-width digits and letters", "\uff50\uff41\uff59\uff50\uff41\uff11", "paypal"],
    ["a Cyrillic letter with a combining accent, as the Latin accented letter", "\u0435\u0301\u0430\u0441", "éac"],
    ["Greek with tonos, as Latin with acute", "\u03ac\u03ba\u03bf", "áko"],
  ];
  for (const [what, name, skeleton] of sameName)
    it(`reads ${what} as "${skeleton}"`, () => {
      expect(usernameSkeleton(name)).toBe(skeleton);
      expect(usernameSkeleton(name)).toBe(usernameSkeleton(skeleton));
    });

  it("is the same for every form of one name, and for every case where the letters read alike in both", () => {
    for (const name of ["Ávà_2", "\u0430\u0441\u0435", "Олег", "Müller"]) {
      expect(usernameSkeleton(name.normalize("NFD")), name).toBe(usernameSkeleton(name));
      expect(usernameSkeleton(name.toUpperCase().slice(0, 1) + name.slice(1)), name).toBe(usernameSkeleton(name));
    }
  });

  it("reads a letter in the case it is written: capital Η is H, small η is n (the key keeps the two one name)", () => {
    expect(usernameSkeleton("\u0397\u0391\u039d")).toBe("han");
    expect(usernameSkeleton("\u03b7\u03b1\u03bd")).toBe("nav");
    expect(usernameSkeleton("\u0412\u041e\u0412")).toBe("bob");
    expect(usernameSkeleton("\u0432\u043e\u0432")).toBe("\u0432o\u0432");
    expect(usernameKey("\u0412\u041e\u0412")).toBe(usernameKey("\u0432\u043e\u0432"));
  });

  it("leaves honest non-Latin names unlike any Latin one", () => {
    for (const name of ["山田太郎", "Ζωή", "Олег", "Дмитрий", "Ελένη", "Արամ"]) {
      expect(usernameError(name), name).toBeNull();
      expect(usernameSkeleton(name), name).toMatch(/[^a-z0-9_]/);
    }
  });

  it("keeps apart names a reader tells apart", () => {
    const pairs = [
      ["ávà", "ava"],
      ["ben", "bem"],
      ["\u0432\u043e\u0432", "bob"], // small Cyrillic в reads as no Latin letter
      ["Олег", "oleg"],
      ["山田太郎", "山田太朗"],
      ["user_2", "user_z"],
    ];
    for (const [a, b] of pairs) expect(usernameSkeleton(a), `${a} / ${b}`).not.toBe(usernameSkeleton(b));
  });

  it("folds what the key folds: full-width forms and the case of Latin letters", () => {
    for (const [a, b] of [
      ["ａｄｍｉｎ", "admin"],
      ["ÁVÀ", "ávà"],
    ]) {
      expect(usernameKey(a)).toBe(usernameKey(b));
      expect(usernameSkeleton(a)).toBe(usernameSkeleton(b));
    }
  });
});

describe("LATIN_LOOKALIKES", () => {
  it("maps single characters that NFKC leaves alone to small Latin letters", () => {
    for (const [from, to] of Object.entries(LATIN_LOOKALIKES)) {
      expect([...from], from).toHaveLength(1);
      // A compatibility form would never reach the table: the skeleton is taken of the NFKC form.
      expect(from.normalize("NFKC"), from).toBe(from);
      expect(to, from).toMatch(/^\p{Script=Latin}$/u);
      expect(to, from).toBe(to.toLowerCase().normalize("NFC"));
      // Every character of the table may be in a name: the allowed characters and the table do not drift apart.
      expect(/^[\p{L}\p{Nd}]$/u.test(from), from).toBe(true);
    }
  });

  it("maps no Latin letter: Latin names keep their skeleton as their key", () => {
    for (const from of Object.keys(LATIN_LOOKALIKES)) expect(from, from).not.toMatch(/\p{Script=Latin}/u);
    expect(usernameSkeleton("ben_cooks")).toBe(usernameKey("ben_cooks"));
  });
});
