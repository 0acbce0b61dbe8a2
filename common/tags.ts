import { visibleLength } from "./member-text";

/** Comma-separated tags as a list: trimmed, empties dropped (docs/product-spec.md §3, §5 "Upload"). */
export const splitTags = (text: string) =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * Tags as stored: trimmed, empties (and tags of only invisible characters, docs/decisions/106) dropped, commas split,
 * duplicates (any case) removed.
 */
export function normalizeTags(input: string[] | string | undefined): string[] {
  const raw = typeof input === "string" ? [input] : (input ?? []);
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const piece of raw.flatMap((t) => t.split(","))) {
    const tag = piece.trim();
    if (!visibleLength(tag) || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}
