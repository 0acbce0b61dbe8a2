// The letters of other scripts that read as a Latin letter, and the digits that read as one (docs/decisions/104), in
// the spirit of Unicode's confusable skeletons (UTS #39) but kept small: only what makes a name read as a Latin one.
// Each letter is listed in the case it is written, with the Latin letter it reads as in that case: a capital Greek
// Η reads as H, a small η as n; a capital Cyrillic В reads as B, a small в reads as no Latin letter.
//
// Migration 0056 backfills users.username_skeleton with this table as a chain of SQL replace(); a letter added here
// later needs a migration that backfills again (worker/db/username-skeleton-backfill.test.ts holds the two together).
export const LATIN_LOOKALIKES: Readonly<Record<string, string>> = {
  // Digits that read as letters.
  "0": "o",
  "1": "l",
  // Cyrillic capitals.
  "\u0410": "a", // А
  "\u0412": "b", // В
  "\u0415": "e", // Е
  "\u0401": "ë", // Ё
  "\u0405": "s", // Ѕ
  "\u0406": "i", // І
  "\u0407": "ï", // Ї
  "\u0408": "j", // Ј
  "\u041a": "k", // К
  "\u041c": "m", // М
  "\u041d": "h", // Н
  "\u041e": "o", // О
  "\u0420": "p", // Р
  "\u0421": "c", // С
  "\u0422": "t", // Т
  "\u0423": "y", // У
  "\u0425": "x", // Х
  "\u04ae": "y", // Ү
  "\u04ba": "h", // Һ
  "\u04c0": "l", // Ӏ
  "\u051a": "q", // Ԛ
  "\u051c": "w", // Ԝ
  // Cyrillic small letters.
  "\u0430": "a", // а
  "\u0433": "r", // г
  "\u0435": "e", // е
  "\u0451": "ë", // ё
  "\u043e": "o", // о
  "\u043f": "n", // п
  "\u0440": "p", // р
  "\u0441": "c", // с
  "\u0443": "y", // у
  "\u0445": "x", // х
  "\u0455": "s", // ѕ
  "\u0456": "i", // і
  "\u0457": "ï", // ї
  "\u0458": "j", // ј
  "\u04af": "y", // ү
  "\u04bb": "h", // һ
  "\u04cf": "l", // ӏ
  "\u0501": "d", // ԁ
  "\u051b": "q", // ԛ
  "\u051d": "w", // ԝ
  // Greek capitals.
  "\u0391": "a", // Α
  "\u0392": "b", // Β
  "\u0395": "e", // Ε
  "\u0396": "z", // Ζ
  "\u0397": "h", // Η
  "\u0399": "i", // Ι
  "\u039a": "k", // Κ
  "\u039c": "m", // Μ
  "\u039d": "n", // Ν
  "\u039f": "o", // Ο
  "\u03a1": "p", // Ρ
  "\u03a4": "t", // Τ
  "\u03a5": "y", // Υ
  "\u03a7": "x", // Χ
  // Greek small letters.
  "\u03b1": "a", // α
  "\u03ac": "á", // ά
  "\u03ad": "é", // έ
  "\u03b3": "y", // γ
  "\u03b7": "n", // η
  "\u03b9": "i", // ι
  "\u03af": "í", // ί
  "\u03ca": "ï", // ϊ
  "\u03ba": "k", // κ
  "\u03bd": "v", // ν
  "\u03bf": "o", // ο
  "\u03cc": "ó", // ό
  "\u03c1": "p", // ρ
  "\u03c5": "u", // υ
  "\u03cd": "ú", // ύ
  "\u03cb": "ü", // ϋ
  "\u03c7": "x", // χ
  "\u03c9": "w", // ω
  // Armenian.
  "\u053c": "l", // Լ
  "\u054d": "u", // Ս
  "\u0555": "o", // Օ
  "\u0563": "q", // գ
  "\u0566": "q", // զ
  "\u0570": "h", // հ
  "\u0578": "n", // ո
  "\u057d": "u", // ս
  "\u0581": "g", // ց
  "\u0585": "o", // օ
};

/**
 * The text with every letter of another script that reads as a Latin one written as that letter; digits stay as
 * they are. Payout addresses key bank details by it (common/payouts.ts, docs/decisions/108), so "DЕ00" with a
 * Cyrillic Е is the bank account "DE00" names.
 */
export const asLatinLetters = (text: string) =>
  [...text].map((c) => (/\p{Nd}/u.test(c) ? c : (LATIN_LOOKALIKES[c] ?? c))).join("");
