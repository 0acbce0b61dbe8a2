import type { SessionUser } from "../../app-env";
import type { Db } from "../../db/client";
import { findMedia, likeStatusOf, setLike } from "../../db/queries/content/content";
import { replaceThumbnail, tombstoneContent, updateContent } from "../../db/queries/content/content-writes";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import type { Publication } from "./publication";
import { usableUpload } from "../uploads/usable-upload";
import { contentTheUserMayChange } from "./ownership";
import { copyThumbnail, removeCopies, type ThumbnailStores } from "./public-thumbnails";
import { nextPublishState, type PublishRequest } from "./publishing";
import { retiredThumbnail } from "./thumbnail-version";
import { isHidden, mayOpen } from "./visibility";

// A member's writes to content, as services `verbEntity({ ctx, input })` with the access check inside
// (docs/decisions/041): likes by anyone who may open the item, changes by its creator or an admin; and the
// caller's like of an item.

type ContentContext = { db: Db; actor: SessionUser };
type ContentCall<Input> = { ctx: ContentContext; input: Input };

/** Like an item the member may open (a hidden one only its creator and admins see: 404 to others). */
export async function likeContent({ ctx: { db, actor }, input: { contentId } }: ContentCall<{ contentId: string }>) {
  const row = await findMedia(db, contentId);
  if (!row || !mayOpen(row, actor)) throw notFound("Content not found");
  return setLike(db, { userId: actor.id, contentId, createdAt: nowIso() }, true);
}

/**
 * Take a like back, from an item the member may open. A deleted item's likes are part of what it leaves behind
 * (docs/decisions/028): no longer changed. A private or taken-down one is a 404 like every other route of it
 * (docs/decisions/107): its count would tell that it exists, and the like comes back into view with the item.
 */
export async function unlikeContent({ ctx: { db, actor }, input: { contentId } }: ContentCall<{ contentId: string }>) {
  const row = await findMedia(db, contentId);
  if (!row || !mayOpen(row, actor)) throw notFound("Content not found");
  return setLike(db, { userId: actor.id, contentId, createdAt: nowIso() }, false);
}

/** Whether the caller likes the item, and its like count: of an item the caller may open, else a 404 (107). */
export async function getLikeStatus({ ctx: { db, actor }, input: { contentId } }: ContentCall<{ contentId: string }>) {
  // One read: the like, the count and the standing they are shown by (each content page asks it).
  const row = await likeStatusOf(db, actor.id, contentId);
  if (!row || !mayOpen(row, actor)) throw notFound("Content not found");
  return { liked: row.liked, likeCount: row.likeCount };
}

type ContentEdit = { title?: string; description?: string; tags?: string[] } & PublishRequest;

/**
 * New text (each of title, description and tags that is given; the rest stays, docs/decisions/106), visibility or
 * schedule, by the creator or an admin (docs/decisions/094); answers the item as it now is, and what the change does to its thumbnail's public copy:
 * made private, the copy goes; public or unlisted again, it is made. Nothing here writes a view or money.
 */
export async function editContent({
  ctx: { db, actor },
  input: { id, edit },
}: ContentCall<{ id: string; edit: ContentEdit }>) {
  const row = await contentTheUserMayChange(db, actor, id);
  const nowMs = Date.now();
  const text = {
    ...(edit.title === undefined ? {} : { title: edit.title }),
    ...(edit.description === undefined ? {} : { description: edit.description }),
    ...(edit.tags === undefined ? {} : { tags: edit.tags.join(",") }),
  };
  const publishing = edit.visibility !== undefined || edit.publish_at !== undefined;
  // A draft is published by a visibility (or a schedule) once it has a title; until then it stays a draft.
  if (publishing && row.draft && !(text.title ?? row.title)) {
    throw badRequest("title: Title is required to publish a draft");
  }
  const publish = publishing ? { ...nextPublishState(row, edit, nowMs), draft: 0 } : {};
  const change = { ...text, ...publish, updatedAt: nowIso(nowMs) };
  await updateContent(db, { id: row.id, ...change });
  const after = { ...row, ...change };
  const publication: Publication =
    !publishing || isHidden(row) === isHidden(after)
      ? null
      : isHidden(after)
        ? { hide: { id: row.id } }
        : after.thumbnailKey
          ? { publish: [{ id: row.id, thumbnailKey: after.thumbnailKey }] }
          : null;
  // Made private: the address anyone could open is retired from the edge cache too (docs/decisions/074).
  const retiredThumbnails = publication && "hide" in publication ? retiredThumbnail(row) : [];
  return { item: after, publication, retiredThumbnails };
}

/**
 * A new thumbnail (an image the caller uploaded), by the creator or an admin; the old image is deleted from
 * storage once the item points at the new one. A visible item's new image is copied to the public bucket before
 * the row names it, and the old copy removed after (docs/decisions/083). Answers the item as it now is, and the
 * old image's public address, whose cached copy the route drops (docs/decisions/074).
 */
export async function replaceContentThumbnail({
  ctx: { db, actor, stores },
  input: { id, thumbnailKey },
}: ContentCall<{ id: string; thumbnailKey: string }> & { ctx: { stores: ThumbnailStores } }) {
  const row = await contentTheUserMayChange(db, actor, id);
  await usableUpload(db, actor, thumbnailKey, "thumbnail");
  const updatedAt = nowIso();
  const copy = isHidden(row) ? null : await copyThumbnail(stores, { id: row.id, thumbnailKey });
  const recorded = await replaceThumbnail(db, { id: row.id, thumbnailKey, updatedAt, publicKey: copy });
  const thumbnailPublicKey = recorded ? copy : null;
  // A copy the row does not name (a takedown came first), and the old image's copy: no page names them.
  const unnamed = [copy, row.thumbnailPublicKey].filter((k) => k !== null && k !== thumbnailPublicKey);
  await removeCopies(stores.thumbs, unnamed as string[]);
  if (row.thumbnailKey && row.thumbnailKey !== thumbnailKey) await stores.media.delete(row.thumbnailKey);
  return { item: { ...row, thumbnailKey, updatedAt, thumbnailPublicKey }, retiredThumbnails: retiredThumbnail(row) };
}

/**
 * Delete an item, by the creator or an admin: a tombstone with its audit row in one batch, not a removed row
 * (docs/decisions/028). The item is gone from the product at once; its views, earnings, likes, reports and
 * moderation history stay, and the cron removes its media after the grace period. Answers its thumbnail's
 * public address, whose cached copy the route drops (docs/decisions/074), and that its public copy goes
 * (docs/decisions/083).
 */
export async function deleteContent({ ctx: { db, actor }, input: { id } }: ContentCall<{ id: string }>) {
  const row = await contentTheUserMayChange(db, actor, id);
  const deleted = await tombstoneContent(db, { id: row.id, actorId: actor.id, now: nowIso(), auditId: newId() });
  if (!deleted) throw notFound("Content not found");
  return { retiredThumbnails: retiredThumbnail(row), publication: { hide: { id: row.id } } satisfies Publication };
}
