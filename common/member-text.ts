// What a member (or an admin) types is text, under one rule for every free-text field (docs/decisions/106): the
// server's schemas and the forms both ask `memberTextProblem`, so they count alike and say the same words.

/**
 * Characters that show nothing on their own: whitespace, format characters (zero-width space and joiner, bidi
 * controls, soft hyphen), control characters, and the rest Unicode calls default-ignorable (variation selectors,
 * the Hangul filler). A required field needs something else.
 */
const INVISIBLE = /[\s\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}]/gu;
/** A half of a surrogate pair on its own (JS strings may hold one; no font can draw it, UTF-8 cannot carry it). */
const LONE_SURROGATE = /\p{Cs}/u;
/** Control characters other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex
const UNSHOWABLE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/**
 * The bidi embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): they make text read in another
 * order than it is stored ("gnp.exe" shown as "exe.png"; docs/decisions/108). The marks U+200E and U+200F stay:
 * right-to-left writers type them and they reorder nothing beyond neutral characters.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** Line breaks, which a one-line field (a title, a name) has no room for. */
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/** How many characters of the text show: what "required" and a minimum length count. */
export const visibleLength = (text: string) => text.replace(INVISIBLE, "").length;

/**
 * Whether the text holds a character that cannot be shown as itself: a lone surrogate, a control other than tab and
 * breaks, or a bidi control that would show the text in another order (docs/decisions/108).
 */
export const hasUnshowable = (text: string) =>
  LONE_SURROGATE.test(text) || UNSHOWABLE_CONTROL.test(text) || BIDI_CONTROL.test(text);

export type MemberTextRule = {
  /** The field as its messages name it: "Title", "Comment", "text", "note". */
  label: string;
  /** The most it holds, in UTF-16 code units: what a text box's maxLength and JS `.length` count. */
  max: number;
  /** The visible characters it needs (1: required). Leave out for a field that may be empty. */
  min?: number;
  /** Line breaks allowed (a description, a comment); a one-line field refuses them. */
  multiline?: boolean;
  /** Words in place of the defaults, where the spec already states others ("Comment text is required"). */
  messages?: { required?: string; min?: string; max?: string };
};

/** The field's words for each refusal. */
export function memberTextMessages(rule: MemberTextRule) {
  const { label, min = 0, max, messages = {} } = rule;
  return {
    required: messages.required ?? `${label} is required`,
    min: messages.min ?? `${label} must be at least ${min} characters`,
    max: messages.max ?? `${label} must be at most ${max} characters`,
    unshowable: `${label} contains characters that cannot be shown`,
    oneLine: `${label} must be on one line`,
  };
}

/**
 * The problem with the text (already trimmed, as stored), or null when it is fine. Broken characters first, so
 * they are named rather than counted; then line breaks in a one-line field; then the visible minimum; then the
 * length in UTF-16 units.
 */
export function memberTextProblem(text: string, rule: MemberTextRule): string | null {
  const words = memberTextMessages(rule);
  const min = rule.min ?? 0;
  if (hasUnshowable(text)) return words.unshowable;
  if (!rule.multiline && LINE_BREAK.test(text)) return words.oneLine;
  const visible = visibleLength(text);
  if (visible < min) return min === 1 ? words.required : words.min;
  if (text.length > rule.max) return words.max;
  return null;
}
