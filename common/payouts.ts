import { hasUnshowable, visibleLength } from "./member-text";
import { asLatinLetters } from "./username-lookalikes";

// Payout requests (docs/product-spec.md §5 "Payout request"; docs/decisions/036).

/** Where a member may ask to be paid: the spec's payment methods. PayPal takes an email address. */
export const PAYOUT_METHODS = ["PayPal", "Venmo", "Bank Transfer"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/**
 * The methods a payout batch pays (docs/decisions/066): PayPal's Payouts upload pays PayPal and Venmo accounts;
 * bank transfers are paid one by one.
 */
export const BATCH_METHODS = ["PayPal", "Venmo"] as const satisfies readonly PayoutMethod[];

/** The smallest payout a member may request, in USD (the worker's MINIMUM_PAYOUT_MICROS). */
export const MINIMUM_PAYOUT_USD = 25;

// ── Addresses ────────────────────────────────────────────────────────────────────────────────────────────
// A payout address is checked as the payment service would check it (docs/decisions/066): an email address by the
// limits of RFC 5321 and the DNS (254 characters in all, 64 before the @, 253 after it in labels of 1–63
// letters, digits and hyphens), a Venmo username by Venmo's rules, a phone number as a US number.

/** Bank transfer details are free text of at most this many characters. */
const BANK_DETAILS_MAX = 200;
const EMAIL_MAX = 254;
const LOCAL_PART_MAX = 64;
const DOMAIN_MAX = 253;
const LABEL_MAX = 63;

/** The characters an unquoted local part may hold (RFC 5322 atext), dots apart. */
const LOCAL_PART_CHARS = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL_CHARS = /^[A-Za-z0-9-]+$/;
/** A top-level domain: letters, or an internationalized one in its ASCII form (xn--…). */
const TOP_LEVEL = /^(?:[A-Za-z]{2,}|xn--[A-Za-z0-9-]+)$/;
/** A Venmo username: 5–30 letters, digits, hyphens or underscores, the @ optional. */
const VENMO_USERNAME = /^@?([A-Za-z0-9_-]{5,30})$/;
/** Text that can only be meant as a phone number: digits and the punctuation people write them with. */
const PHONE_LIKE = /^\+?[\d\s().-]*\d[\d\s().-]*$/;

const PAYPAL_ASK = "Enter the email address of your PayPal account";
const VENMO_ASK = "Enter your Venmo username, US phone number or email address";

/** What is wrong with an email address, in plain words; null when it is one. `ask` is the method's request. */
function emailProblem(email: string, ask: string): string | null {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (at <= 0 || !domain || local.includes("@")) return ask;
  if (/\s/.test(email)) return "An email address can't contain spaces";
  if (local.length > LOCAL_PART_MAX) return `The part before @ can be at most ${LOCAL_PART_MAX} characters`;
  if (domain.length > DOMAIN_MAX) return `The part after @ can be at most ${DOMAIN_MAX} characters`;
  if (email.length > EMAIL_MAX) return `An email address can be at most ${EMAIL_MAX} characters`;
  if (local.startsWith(".") || local.endsWith(".") || local.includes("..")) {
    return "The part before @ can't start or end with a dot, or have two dots in a row";
  }
  if (!local.split(".").every((part) => LOCAL_PART_CHARS.test(part)))
    return "The part before @ has a character an email address can't have";
  const labels = domain.split(".");
  if (labels.length < 2 || labels.some((label) => label === ""))
    return "The part after @ must be a domain like example.com";
  if (labels.some((label) => label.length > LABEL_MAX))
    return `Each part of the domain between dots can be at most ${LABEL_MAX} characters`;
  if (!labels.every((label) => LABEL_CHARS.test(label)))
    return "The part after @ can only have letters (a–z), digits, hyphens and dots";
  if (labels.some((label) => label.startsWith("-") || label.endsWith("-")))
    return "A part of the domain can't start or end with a hyphen";
  if (!TOP_LEVEL.test(labels.at(-1)!)) return "The domain must end in at least 2 letters, like .com";
  return null;
}

/** A US phone number's 10 digits (a leading country code 1 dropped), or null when it is not one. */
function usPhoneDigits(text: string): string | null {
  if (!PHONE_LIKE.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  // North American numbers: a 3-digit area code and a 3-digit exchange, neither starting with 0 or 1.
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? national : null;
}

/** Venmo takes a username (with or without @), a US phone number, or an email address. */
function venmoProblem(a: string): string | null {
  // An @ after the first character makes it an email address; only digits and phone punctuation, a phone number.
  if (a.lastIndexOf("@") > 0) return emailProblem(a, VENMO_ASK);
  if (PHONE_LIKE.test(a)) return usPhoneDigits(a) ? null : "Enter a US phone number with 10 digits";
  if (/\s/.test(a)) return "A Venmo username can't contain spaces";
  if (!VENMO_USERNAME.test(a)) return "A Venmo username has 5 to 30 letters, digits, hyphens or underscores";
  return null;
}

/**
 * Whitespace and characters that show nothing (format and other default-ignorable ones), bidi controls apart: those
 * are refused wherever they stand, as member text refuses them (docs/decisions/108).
 */
const INVISIBLE_EDGE = /^[\s\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;
const BIDI_CONTROL = /^[\u202a-\u202e\u2066-\u2069]$/;
const trimmable = (c: string) => INVISIBLE_EDGE.test(c) && !BIDI_CONTROL.test(c);
const INVISIBLE_INSIDE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const INVISIBLE_ANYWHERE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const UNSHOWABLE_ADDRESS = "The payout address contains characters that cannot be shown";

/**
 * The address as it is kept: without whitespace or invisible characters (a zero-width space, a word joiner) at
 * either end, which a paste brings along and which name nothing (docs/decisions/108).
 */
export function trimPayoutAddress(address: string): string {
  const chars = [...address];
  let start = 0;
  let end = chars.length;
  while (start < end && trimmable(chars[start]!)) start++;
  while (end > start && trimmable(chars[end - 1]!)) end--;
  return chars.slice(start, end).join("");
}

/**
 * What the payout address must be for the method, in plain words; null when it is fine. Broken characters (a lone
 * surrogate, a control character, a bidi control) are refused first under any method, as the member-text rule
 * refuses them (docs/decisions/106), and so are invisible characters inside the address (docs/decisions/108): an
 * IBAN, an email address or a phone number has no place for them, and they would make one address look like
 * two. Bank details are free text, and a payout goes where this text says.
 */
export function payoutAddressProblem(method: string, address: string): string | null {
  const a = trimPayoutAddress(address);
  if (hasUnshowable(a) || INVISIBLE_INSIDE.test(a)) return UNSHOWABLE_ADDRESS;
  if (method === "PayPal") return a ? emailProblem(a, PAYPAL_ASK) : "Enter your PayPal email address";
  if (method === "Venmo") return a ? venmoProblem(a) : VENMO_ASK;
  // Bank details of only invisible characters (zero-width spaces) say nothing: asked for like empty ones.
  if (visibleLength(a) === 0)
    return method === "Bank Transfer" ? "Enter your bank account details" : "Enter where you want to be paid";
  if (a.length > BANK_DETAILS_MAX) return `Bank details can be at most ${BANK_DETAILS_MAX} characters`;
  return null;
}

/**
 * The key that names one payout destination, so that one destination typed differently gives one key. First the
 * text is folded (docs/decisions/108): NFKC, so fullwidth digits and letters are the ASCII ones they look like,
 * and without format and other default-ignorable characters (zero-width space, word joiner, bidi controls); then
 *  - "email:<address>" for an email address under any method (a PayPal account and a Venmo recipient with the
 *    same email are the same person's): trimmed and lower-cased, dots and +tags kept as typed;
 *  - "venmo:<username>": lower-cased, without the leading @;
 *  - "phone:<10 digits>": a US phone number's digits, whatever the punctuation or a leading +1;
 *  - "bank:<text>": bank details (and the text of any other method) with letters of other scripts that read as
 *    Latin ones written as those (asLatinLetters: a Cyrillic Е is E), lower-cased, without whitespace and the
 *    characters - . /
 * For an address payoutAddressProblem refuses it still gives a key, by the same rules.
 */
export function normalizePayoutAddress(method: string, address: string): string {
  const a = address.normalize("NFKC").replace(INVISIBLE_ANYWHERE, "").trim();
  const email = `email:${a.toLowerCase()}`;
  if (method === "PayPal") return email;
  if (method === "Venmo") {
    if (a.lastIndexOf("@") > 0) return email;
    if (PHONE_LIKE.test(a)) return `phone:${usPhoneDigits(a) ?? a.replace(/\D/g, "")}`;
    return `venmo:${a.replace(/^@/, "").toLowerCase()}`;
  }
  // Bank details that are nothing but an email address name that email's owner, as under the other methods.
  if (a.includes("@") && emailProblem(a, "") === null) return email;
  return `bank:${asLatinLetters(a)
    .toLowerCase()
    .replace(/[\s./-]/g, "")}`;
}
