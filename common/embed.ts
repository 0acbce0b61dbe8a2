// Sharing and embedding an item (docs/decisions/099): the embed box, the iframe code (one builder for the oEmbed
// answer and the Share dialog, so both give the same code) and the start time a shared link carries (`?t=`).

/** The embed box when the site asks for no size: the player at 640 px, 16:9. */
export const EMBED_DEFAULT = { width: 640, height: 360 } as const;
/**
 * An audio item's box is shorter: its player shows the thumbnail under the controls, and 16:9 keeps the controls
 * readable at the same width, so audio uses the same ratio (one rule for both keeps the sizes predictable).
 */
const RATIO = 9 / 16;
/**
 * The largest 16:9 box inside `maxwidth` × `maxheight` (each optional), at most the default size. oEmbed's
 * consumer must get a box within what it asked for (docs/decisions/107): below about 200 px wide the player's
 * controls crowd, but a site with less room gets the smaller box rather than one that overflows its layout.
 */
export function embedSize(maxwidth?: number, maxheight?: number): { width: number; height: number } {
  let width: number = EMBED_DEFAULT.width;
  if (maxwidth !== undefined) width = Math.min(width, maxwidth);
  if (maxheight !== undefined) width = Math.min(width, Math.floor(maxheight / RATIO));
  width = Math.max(1, Math.floor(width));
  return { width, height: Math.max(1, Math.round(width * RATIO)) };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The `<iframe>` another site pastes to show the item's embed page (`/embed/{id}`). */
export function embedCode(p: { origin: string; id: string; title: string; width: number; height: number }): string {
  return (
    `<iframe src="${escapeAttribute(`${p.origin}/embed/${p.id}`)}" width="${p.width}" height="${p.height}" ` +
    `frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen ` +
    `title="${escapeAttribute(p.title)}"></iframe>`
  );
}

/**
 * The start time of a shared link, in whole seconds: `90`, `90s`, `1m30s`, `1h2m3s`. Null for anything else
 * (empty, negative, fractions, words), so a malformed `?t=` is ignored.
 */
export function parseStartTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const text = value.trim().toLowerCase();
  if (/^\d{1,7}$/.test(text)) return Number(text);
  const match = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?(?:(\d{1,7})s)?$/.exec(text);
  if (!match || !(match[1] || match[2] || match[3])) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

/** The item's address, starting at `seconds` when given (rounded down to whole seconds). */
export function itemLink(origin: string, id: string, seconds?: number | null): string {
  const base = `${origin}/content/${id}`;
  return seconds !== undefined && seconds !== null && seconds >= 1 ? `${base}?t=${Math.floor(seconds)}` : base;
}
