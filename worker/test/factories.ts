import { env } from "cloudflare:test";
import { usernameKey, usernameSkeleton } from "../../common/username";
import { createDb } from "../db/client";
import { content, users, views } from "../db/schema";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import { uniqueEmail } from "./http";

export const testDb = () => createDb(env.DB);

/** A user row with unique email; returns the row. */
export async function makeUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const row = { id: newId(), email: uniqueEmail(), username: null, createdAt: nowIso(), ...overrides };
  // The unique key and skeleton the one writer (setUsername) stores with a username, so names made here collide as
  // real ones do.
  if (row.username && row.usernameKey === undefined) row.usernameKey = usernameKey(row.username);
  if (row.username && row.usernameSkeleton === undefined) row.usernameSkeleton = usernameSkeleton(row.username);
  await testDb().insert(users).values(row);
  return row;
}

/** Media objects the factory writes stay this small; a larger declared size gets no object. */
const MAX_FACTORY_MEDIA_BYTES = 1024 * 1024;

/**
 * A content row owned by `createdBy`. Unless the test names its own r2Key, the item's media object holds
 * `mediaSize` real bytes in R2, so the stream route serves it and views can prove delivery (docs/decisions/029).
 */
export async function makeContent(createdBy: string, overrides: Partial<typeof content.$inferInsert> = {}) {
  const id = newId();
  const row = {
    id,
    title: `Item ${id}`,
    description: "",
    type: "video" as const,
    tags: "",
    r2Key: `test/${id}.mp4`,
    mediaSize: 1000,
    mediaContentType: "video/mp4",
    durationMs: 10_000,
    createdBy,
    createdAt: nowIso(),
    updatedAt: nowIso(),
    ...overrides,
  };
  // Public items are published when made (docs/decisions/094), unless the test says otherwise.
  if (overrides.publishedAt === undefined && (row.visibility ?? "public") === "public") {
    Object.assign(row, { publishedAt: row.createdAt });
  }
  await testDb().insert(content).values(row);
  if (!overrides.r2Key && row.mediaSize <= MAX_FACTORY_MEDIA_BYTES) {
    await env.MEDIA.put(row.r2Key, new Uint8Array(row.mediaSize), {
      httpMetadata: { contentType: row.mediaContentType },
    });
  }
  return row;
}

/**
 * A qualified view as the watch-session object writes it (`at` its qualification, `ipHash` its address group, set
 * when the view is written, as the view aggregates expect), waiting for the earnings job.
 */
export async function makeQualifiedView(
  viewerId: string,
  item: { id: string; createdBy: string; durationMs: number },
  at = nowIso(),
  ipHash?: string,
) {
  const id = newId();
  await testDb()
    .insert(views)
    .values({
      id,
      contentId: item.id,
      viewerId,
      creatorId: item.createdBy,
      discoveryMethod: "browse",
      startedAt: at,
      lastEventAt: at,
      maxPositionMs: item.durationMs,
      watchTimeMs: item.durationMs,
      status: "qualified",
      qualifiedAt: at,
      qualifiedDay: at.slice(0, 10),
      ...(ipHash === undefined ? {} : { ipHash }),
    });
  return id;
}
