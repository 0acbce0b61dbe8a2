// The username rules with the spec's exact messages (docs/product-spec.md §5, §8; docs/decisions/103): the
// profile form checks them before asking, the server checks them again (PATCH /api/users/me/username).

import { LATIN_LOOKALIKES } from "./username-lookalikes.ts";

const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;

// Letters and combining marks of any script, decimal digits and the underscore. Everything else, invisible
// format characters (zero-width joiner, bidi controls) included, is refused: they make two names that look the
// same differ.
const ALLOWED = /^[\p{L}\p{M}\p{Nd}_]+$/u;
// A combining mark with no letter before it would sit on nothing (or on the text beside the name).
const LEADING_MARK = /^\p{M}/u;
const LATIN = /\p{Script=Latin}/u;
const CYRILLIC_OR_GREEK = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/** The name as it is checked and stored: trimmed and in Unicode NFC, so "á" typed as a + ◌́ is the one "á". */
export function normalizeUsername(raw: string): string {
  return raw.trim().normalize("NFC");
}

/**
 * The form under which two names are the same name: NFKC (compatibility forms such as full-width letters fold
 * to the plain ones) lower-cased for every script. Stored as users.username_key with a unique index.
 */
export function usernameKey(name: string): string {
  return normalizeUsername(name).normalize("NFKC").toLowerCase();
}

/**
 * The name as it reads to a person who knows Latin letters (docs/decisions/104): the NFKC form with every letter
 * of another script that reads as a Latin one, and the digits 0 and 1, written as that Latin letter, lower-cased,
 * in NFC: "асе" all in Cyrillic is "ace", "paypa1" is "paypal". Stored as users.username_skeleton with a unique
 * index: two names with one skeleton are one name, whichever scripts they are written in.
 */
export function usernameSkeleton(name: string): string {
  const folded = normalizeUsername(name).normalize("NFKC");
  return [...folded]
    .map((c) => LATIN_LOOKALIKES[c] ?? c)
    .join("")
    .toLowerCase()
    .normalize("NFC");
}

/** The problem with a chosen username, or null when it is fine. */
export function usernameError(raw: string): string | null {
  const name = normalizeUsername(raw);
  if (!name) return "Username cannot be empty";
  // Counted as the member sees them: code points after NFC, so "山田太郎" is 4 and an accented letter is 1.
  const length = [...name].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX) return "Username must be between 3 and 20 characters";
  if (!ALLOWED.test(name) || LEADING_MARK.test(name))
    return "Username can only contain letters, numbers, and underscores";
  // "аdmin" with a Cyrillic а looks like "admin": a name mixing these scripts is how one member passes for another.
  if (LATIN.test(name) && CYRILLIC_OR_GREEK.test(name))
    return "Username cannot mix Latin letters with Cyrillic or Greek ones";
  return null;
}
