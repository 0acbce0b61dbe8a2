import { isHidden, type ItemStanding } from "./visibility";

// The version a thumbnail's address carries (`?v=`, docs/decisions/074): the public copies of the image are kept
// under it (browsers for a year, the edge cache for a day), so it must change with everything that changes what
// the address may hand out:
// - a new image: a new key (keys are never reused) and a new updated_at;
// - an edit of the item: a new updated_at;
// - a takedown or a suspension of its creator, which touch neither (docs/decisions/027): the version of a hidden
//   item ends in "-hidden", so the public address is no longer the current one;
// - a restore or an unsuspension: back to the public version of the same image, which names the same bytes for
//   the same audience, so what caches kept under it is right again.
// Deletion needs no version: a deleted item's thumbnail answers 404 whatever the address.

/** What the version is made of: the image, the item's last change and whether everyone may see it. */
type ThumbnailState = { thumbnailKey: string; updatedAt: string; hidden: boolean };

/** The version: `<updated_at in ms>-<hash of the image's key>`, with `-hidden` while the item is hidden. */
export function thumbnailVersion(s: ThumbnailState): string {
  const version = `${Date.parse(s.updatedAt)}-${imageHash(s.thumbnailKey)}`;
  return s.hidden ? `${version}-hidden` : version;
}

/** An item's thumbnail version, from its row (null when it has no thumbnail). */
export const versionOfItem = (row: ItemStanding & { thumbnailKey: string | null; updatedAt: string }) =>
  !row.thumbnailKey
    ? null
    : thumbnailVersion({ thumbnailKey: row.thumbnailKey, updatedAt: row.updatedAt, hidden: isHidden(row) });

/**
 * A thumbnail address anyone could open that a change took out of use (a new image, a takedown, a suspension, a
 * deletion): the route drops its copy from the edge cache (docs/decisions/074).
 */
export type RetiredThumbnail = { id: string; version: string };

/**
 * The public address the item's thumbnail had before a change that retires it: its image and last change as
 * they were, seen by everyone. Whether it was public then does not matter: forgetting a copy that was never
 * kept costs nothing.
 */
export const retiredThumbnail = (before: {
  id: string;
  thumbnailKey: string | null;
  updatedAt: string;
}): RetiredThumbnail[] =>
  !before.thumbnailKey
    ? []
    : [
        {
          id: before.id,
          version: thumbnailVersion({ thumbnailKey: before.thumbnailKey, updatedAt: before.updatedAt, hidden: false }),
        },
      ];

/**
 * A short digest of an image's key, which changes with the image: part of the version and of the public copy's key
 * (docs/decisions/083).
 */
export const imageHash = (thumbnailKey: string) => fnv1a(thumbnailKey).toString(36);

/** 32-bit FNV-1a: a short, stable digest of a key (it only has to differ between one item's images). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
