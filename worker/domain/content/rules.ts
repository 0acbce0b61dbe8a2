import { z } from "zod";

// Limits on what people type about their content; messages name the field (docs/product-spec.md §8 "clear errors").
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const TAG_MAX = 40;
export const TAGS_MAX = 20;

/** Tags arrive as an array (docs/product-spec.md §7) or, from older clients, a comma-separated string. */
const tagsInput = z.union([z.array(z.string().max(200, "each tag must be at most 200 characters")).max(100), z.string().max(4000)]);

/** Trimmed, empties dropped, commas split, duplicates (any case) removed. */
export function normalizeTags(input: string[] | string | undefined): string[] {
  const raw = typeof input === "string" ? [input] : (input ?? []);
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const piece of raw.flatMap((t) => t.split(","))) {
    const tag = piece.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

export const contentText = {
  title: z
    .string()
    .trim()
    .min(1, "Title is required")
    .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
  description: z.string().trim().max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
  tags: tagsInput.transform((t, ctx) => {
    const tags = normalizeTags(t);
    if (tags.length > TAGS_MAX) ctx.addIssue({ code: "custom", message: `At most ${TAGS_MAX} tags` });
    if (tags.some((tag) => tag.length > TAG_MAX)) {
      ctx.addIssue({ code: "custom", message: `Each tag must be at most ${TAG_MAX} characters` });
    }
    return tags;
  }),
};
