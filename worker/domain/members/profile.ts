import { bioError, cleanBio, cleanLinks, linksError, PROFILE_IMAGES } from "../../../common/profile";
import type { Db } from "../../db/client";
import {
  clearProfileAudited,
  setProfileText,
  swapProfileImage,
  type ProfileImageSlot,
} from "../../db/queries/members/profile";
import { findUserById } from "../../db/queries/members/users";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminContext } from "../admin/admin-context";
import { imageHash } from "../content/thumbnail-version";
import type { Caller } from "../content/visibility";
import type { MemberCall, ReaderCall, StorageCall } from "../member-context";
import { usableUpload } from "../uploads/usable-upload";

// A creator's profile (docs/decisions/091): bio, links, avatar and banner. Nothing here reads or writes money,
// views or the watch session: a profile never earns.

type ProfileOwner = { id: string; suspendedAt: string | null };

/**
 * Whether the caller sees the creator's bio, links and images: everyone, except while the creator is suspended,
 * when only the creator and admins do (a suspension hides what the member published, docs/decisions/027).
 */
export const showsProfile = (user: ProfileOwner, caller: Caller) =>
  user.suspendedAt === null || (caller !== null && (caller.isAdmin || caller.id === user.id));

/** The version an avatar's or banner's address carries: a digest of its key, which is new with every image. */
export const profileImageVersion = (key: string) => imageHash(key);

/** The member's own profile, for the editor (whatever their standing). */
export async function getOwnProfile({ ctx: { db, actor } }: { ctx: { db: Db; actor: { id: string } } }) {
  const user = await findUserById(db, actor.id);
  if (!user) throw notFound("Member not found");
  return user;
}

/**
 * A new bio and/or links, checked by the shared rules (common/profile.ts) and stored cleaned: the bio as plain
 * text (an empty one clears it), the links as the addresses a browser opens. Answers the member's row.
 */
export async function changeProfile({
  ctx: { db, actor },
  input: { bio, links },
}: MemberCall<{ bio?: string | null; links?: string[] }>) {
  const problem = (bio ? bioError(bio) : null) ?? (links ? linksError(links) : null);
  if (problem) throw badRequest(problem);
  const row = await setProfileText(db, {
    userId: actor.id,
    bio: bio === undefined ? undefined : cleanBio(bio ?? "") || null,
    links: links && cleanLinks(links),
  });
  if (!row) throw notFound("Member not found");
  return row;
}

const keyOf = (user: { avatarKey: string | null; bannerKey: string | null }, slot: ProfileImageSlot) =>
  slot === "avatar" ? user.avatarKey : user.bannerKey;

/** An avatar or banner address a change took out of use: the route drops its cached copy. */
export type RetiredProfileImage = { userId: string; slot: ProfileImageSlot; version: string };

/**
 * Sets or removes the member's avatar or banner. A new image is an upload of theirs that the upload route already
 * sniffed as a JPEG, PNG, WebP or GIF (docs/architecture.md §4 "Uploads"), within the slot's size; the row swaps
 * only while it still names the image read here (a change at the same moment answers 409), and the old image is
 * then deleted from storage. Answers the member's row and the retired address.
 */
export async function setProfileImage({
  ctx: { db, actor, bucket },
  input: { slot, imageKey },
}: StorageCall<{ slot: ProfileImageSlot; imageKey: string | null }>) {
  if (imageKey !== null) {
    const upload = await usableUpload(db, actor, imageKey, "thumbnail", "image_key");
    const limit = PROFILE_IMAGES[slot];
    if (upload.size > limit.maxBytes)
      throw badRequest(`The ${slot} image must be at most ${limit.words}`, "image_too_large");
  }
  const user = await getOwnProfile({ ctx: { db, actor } });
  const before = keyOf(user, slot);
  if (before === imageKey) return { user, retired: [] as RetiredProfileImage[] };
  if (!(await swapProfileImage(db, { userId: actor.id, slot, before, key: imageKey })))
    throw conflict(`Your ${slot} changed at the same moment. Please try again.`, "profile_image_changed");
  if (before) await bucket.delete(before);
  const after = slot === "avatar" ? { avatarKey: imageKey } : { bannerKey: imageKey };
  const retired: RetiredProfileImage[] = before
    ? [{ userId: actor.id, slot, version: profileImageVersion(before) }]
    : [];
  return { user: { ...user, ...after }, retired };
}

/**
 * The image at a creator's avatar or banner address: its key, current version and whether it is hidden (the
 * creator suspended: only they and admins get it, never from a cache). 404 when the member or image is unknown.
 */
export async function getProfileImage({ ctx, input }: ReaderCall<{ id: string; slot: ProfileImageSlot }>) {
  const user = await findUserById(ctx.db, input.id);
  const key = user && keyOf(user, input.slot);
  if (!user || !key || !showsProfile(user, ctx.actor)) throw notFound(`No ${input.slot}`);
  return { key, version: profileImageVersion(key), hidden: user.suspendedAt !== null };
}

/**
 * An admin clears an abusive profile without suspending its member (docs/decisions/091): bio, links, avatar and
 * banner go, audited with what they were; the images leave storage. The member may set new ones.
 */
export async function clearProfile({
  ctx,
  input: { userId },
}: {
  ctx: AdminContext & { bucket: R2Bucket };
  input: { userId: string };
}) {
  checkAdmin(ctx);
  const before = await clearProfileAudited(ctx.db, { userId, actorId: ctx.actor.id, auditId: newId(), now: nowIso() });
  if (!before) throw notFound("Member not found");
  const retired: RetiredProfileImage[] = [];
  for (const slot of ["avatar", "banner"] as const) {
    const key = keyOf(before, slot);
    if (!key) continue;
    await ctx.bucket.delete(key);
    retired.push({ userId, slot, version: profileImageVersion(key) });
  }
  return { retired };
}
