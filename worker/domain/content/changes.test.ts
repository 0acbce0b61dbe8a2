import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../app-env";
import { makeContent, makeUser, testDb } from "../../test/factories";
import { deleteContent, editContent, likeContent, unlikeContent } from "./changes";

// The member's content writes check their caller themselves (docs/decisions/041): called directly, as a
// script or a future route might, another member's item is refused and nothing is written.

async function memberCtx(isAdmin = false) {
  const u = await makeUser();
  const actor: SessionUser = {
    id: u.id,
    email: u.email,
    username: null,
    createdAt: u.createdAt,
    isAdmin,
    suspended: false,
  };
  return { db: testDb(), actor };
}
const titleOf = async (id: string) =>
  (await env.DB.prepare("select title, deleted_at from content where id = ?1")
    .bind(id)
    .first<{ title: string; deleted_at: string | null }>())!;
const likesOf = async (id: string) =>
  (await env.DB.prepare("select count(*) as n from likes where content_id = ?1").bind(id).first<{ n: number }>())!.n;
const edit = { title: "Mine now", description: "", tags: [] };

describe("content services", () => {
  it("refuse another member's edit and delete (403); nothing changes", async () => {
    const owner = await memberCtx();
    const other = await memberCtx();
    const item = await makeContent(owner.actor.id, { title: "Original" });
    await expect(editContent({ ctx: other, input: { id: item.id, edit } })).rejects.toMatchObject({
      kind: "forbidden",
    });
    await expect(deleteContent({ ctx: other, input: { id: item.id } })).rejects.toMatchObject({ kind: "forbidden" });
    expect(await titleOf(item.id)).toEqual({ title: "Original", deleted_at: null });
  });

  it("let the creator and an admin change it; a deleted item is gone (404) for edits and likes", async () => {
    const owner = await memberCtx();
    const admin = await memberCtx(true);
    const item = await makeContent(owner.actor.id, { title: "Original" });
    expect((await editContent({ ctx: admin, input: { id: item.id, edit } })).item.title).toBe("Mine now");
    await likeContent({ ctx: admin, input: { contentId: item.id } });
    await deleteContent({ ctx: owner, input: { id: item.id } });
    await expect(editContent({ ctx: owner, input: { id: item.id, edit } })).rejects.toMatchObject({
      kind: "not_found",
    });
    await expect(likeContent({ ctx: owner, input: { contentId: item.id } })).rejects.toMatchObject({
      kind: "not_found",
    });
    // Its likes are part of what it leaves behind (docs/decisions/028).
    await expect(unlikeContent({ ctx: admin, input: { contentId: item.id } })).rejects.toMatchObject({
      kind: "not_found",
    });
    expect(await likesOf(item.id)).toBe(1);
  });
});
