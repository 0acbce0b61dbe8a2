/** Comma-separated tags as a list: trimmed, empties dropped (docs/product-spec.md §3, §5 "Upload"). */
export const splitTags = (text: string) =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
