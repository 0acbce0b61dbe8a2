import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { auditLog, uploads, users } from "../../schema";

export type ProfileTextUpdate = { userId: string; bio?: string | null; links?: string[] };

/** Writes the bio and/or links given (links as a JSON array, null when empty); answers the member's row. */
export async function setProfileText(db: Db, { userId, bio, links }: ProfileTextUpdate) {
  const set: Partial<typeof users.$inferInsert> = {};
  if (bio !== undefined) set.bio = bio;
  if (links !== undefined) set.links = links.length ? JSON.stringify(links) : null;
  if (Object.keys(set).length === 0) return (await db.select().from(users).where(eq(users.id, userId)).get()) ?? null;
  return (await db.update(users).set(set).where(eq(users.id, userId)).returning().get()) ?? null;
}

export type ProfileImageSlot = "avatar" | "banner";

const columnOf = (slot: ProfileImageSlot) => (slot === "avatar" ? users.avatarKey : users.bannerKey);

export type ProfileImageChange = { userId: string; slot: ProfileImageSlot; before: string | null; key: string | null };

/**
 * Points the member's avatar or banner at `key` (null removes it), only while it still points at `before`, and
 * marks the upload used in the same batch, so it can be attached once. False when another change came first: the
 * caller answers a conflict rather than deleting an image the row may now name.
 */
export async function swapProfileImage(db: Db, { userId, slot, before, key }: ProfileImageChange) {
  const column = columnOf(slot);
  const still = before === null ? isNull(column) : eq(column, before);
  // A new image only while its upload is stored and unused: two attachments of one upload cannot both apply.
  const unused =
    key === null
      ? undefined
      : sql`exists (select 1 from ${uploads} where ${uploads.key} = ${key} and ${uploads.status} = 'uploaded')`;
  const update = db
    .update(users)
    .set(slot === "avatar" ? { avatarKey: key } : { bannerKey: key })
    .where(and(eq(users.id, userId), still, unused))
    .returning({ id: users.id });
  if (key === null) return (await update).length > 0;
  const [changed] = await db.batch([
    update,
    // Only once the row names it: a refused swap leaves the upload usable, and the clean-up of abandoned uploads
    // removes it if it is never attached.
    db
      .update(uploads)
      .set({ status: "finalized" })
      .where(
        and(
          eq(uploads.key, key),
          sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${column} = ${key})`,
        ),
      ),
  ]);
  return changed.length > 0;
}

/**
 * Clears a member's bio, links, avatar and banner with its audit row (entity `profile`, what was there before) in one
 * batch. Answers the keys the row named, whose objects the caller deletes, or null for an unknown member.
 */
export async function clearProfileAudited(
  db: Db,
  p: { userId: string; actorId: string; auditId: string; now: string },
) {
  const user = await db
    .select({ bio: users.bio, links: users.links, avatarKey: users.avatarKey, bannerKey: users.bannerKey })
    .from(users)
    .where(eq(users.id, p.userId))
    .get();
  if (!user) return null;
  await db.batch([
    db.insert(auditLog).values({
      id: p.auditId,
      actorId: p.actorId,
      action: "clear",
      entity: "profile",
      entityId: p.userId,
      before: JSON.stringify(user),
      after: null,
      createdAt: p.now,
    }),
    db.update(users).set({ bio: null, links: null, avatarKey: null, bannerKey: null }).where(eq(users.id, p.userId)),
  ]);
  return user;
}
