import { env } from "cloudflare:test";
import { createDb } from "../db/client";
import { content, users } from "../db/schema";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import { uniqueEmail } from "./http";

export const testDb = () => createDb(env.DB);

/** A user row with unique email; returns the row. */
export async function makeUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const row = { id: newId(), email: uniqueEmail(), username: null, createdAt: nowIso(), ...overrides };
  await testDb().insert(users).values(row);
  return row;
}

/** A content row owned by `createdBy` (no media object; enough for data-model tests). */
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
  await testDb().insert(content).values(row);
  return row;
}
