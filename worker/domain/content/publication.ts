import type { Db } from "../../db/client";
import {
  publishThumbnails,
  republishCreatorThumbnails,
  unpublishHiddenThumbnails,
  type ThumbnailStores,
} from "./public-thumbnails";

// What a change does to the public copies of thumbnails (docs/decisions/083), answered by the services that make
// the change next to the addresses it retires (docs/decisions/074); the route applies it once the change is made.

export type Publication =
  /** A takedown, a suspension or a deletion: the copies of what it hid go. */
  | { hide: { id: string } | { creator: string } }
  /** A restore: the item's image is copied again. */
  | { publish: { id: string; thumbnailKey: string }[] }
  /** A reinstatement: the creator's newest items are copied again, the rest when the route next serves them. */
  | { republishCreator: string }
  | null;

export async function applyPublication(db: Db, stores: ThumbnailStores, p: Publication) {
  if (p === null) return;
  if ("hide" in p) return unpublishHiddenThumbnails(db, stores.thumbs, p.hide);
  if ("publish" in p) return publishThumbnails(db, stores, p.publish);
  return republishCreatorThumbnails(db, stores, p.republishCreator);
}
