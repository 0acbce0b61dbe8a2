import { type CaptionsCheck, checkCaptionsBytes, languageName, languageTag } from "../../../common/captions";

// What the forms check before sending a captions file: the same parser as the server (common/captions.ts,
// docs/decisions/038, 049), so a refusal shows at once, in the same words.

/** Reads and checks a picked file (the item's duration when known: the server checks it as well). */
export async function checkCaptionFile(file: File, durationMs?: number): Promise<CaptionsCheck> {
  return checkCaptionsBytes(new Uint8Array(await file.arrayBuffer()), durationMs);
}

/** The language field's problem, or null: a BCP 47 tag, not one already given. */
export function languageProblem(lang: string, taken: readonly string[]): string | null {
  const tag = languageTag(lang.trim());
  if (!tag) return "Language must be a language tag such as en or pt-BR";
  if (taken.includes(tag)) return `There are captions in ${languageName(tag)} already`;
  return null;
}

/** Common caption languages, offered as suggestions; any other tag may be typed. */
export const SUGGESTED_LANGUAGES = [
  "en",
  "es",
  "fr",
  "de",
  "pt-BR",
  "it",
  "nl",
  "ja",
  "ko",
  "zh-Hans",
  "ar",
  "hi",
  "ru",
  "tr",
  "pl",
];
