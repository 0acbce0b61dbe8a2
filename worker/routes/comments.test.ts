import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { CommentJson, CommentPageJson } from "../../common/schemas/comments";
import { COMMENTS_PAGE } from "../../common/comments";
import { newId } from "../lib/ids";
import { COMMENTS_PER_MINUTE, NEW_ACCOUNT_COMMENTS_PER_MINUTE } from "../middleware/rate-limit";
import { makeContent, makeUser } from "../test/factories";
import { Browser } from "../test/http";
import { established, member } from "../test/members";
import { suspend, takeDown } from "../test/moderation";

// Comments under items (docs/decisions/093): replies one level deep, the two sorts and their pages, the limits,
// suspended authors hidden, links held back for new accounts, and no view or earning touched.

const post = (b: Browser, contentId: string, body: unknown) =>
  b.json(`/api/content/${contentId}/comments`, "POST", body);
const page = async (b: Browser, contentId: string, query = "") => {
  const res = await b.fetch(`/api/content/${contentId}/comments${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<CommentPageJson>();
};
async function comment(b: Browser, contentId: string, text: string, parentId?: string) {
  const res = await post(b, contentId, { text, ...(parentId ? { parent_id: parentId } : {}) });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<CommentJson>();
}

async function item() {
  const creator = await makeUser();
  return makeContent(creator.id, { title: "Night drive" });
}

/** Comments written straight to the table (pages need more than the rate limit lets one member post). */
async function seed(contentId: string, n: number, authorId: string) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = newId();
    ids.push(id);
    await env.DB.prepare(
      "insert into comments (id, content_id, author_id, body, created_at) values (?1, ?2, ?3, ?4, ?5)",
    )
      .bind(id, contentId, authorId, `Seeded ${i}`, new Date().toISOString())
      .run();
  }
  return ids;
}

describe("comments", () => {
  it("posts comments and replies one level deep, newest first, with the count", async () => {
    const content = await item();
    const ann = await established("ann");
    const bob = await established("bob");
    const first = await comment(ann.browser, content.id, "  <b>First</b> 🎧  ");
    expect(first).toMatchObject({
      text: "<b>First</b> 🎧",
      parent_id: null,
      is_mine: true,
      removed: false,
      edited_at: null,
      pinned: false,
    });
    const second = await comment(bob.browser, content.id, "Second");
    const reply = await comment(bob.browser, content.id, "A reply", first.id);
    // A reply to a reply belongs to the top comment.
    const replyToReply = await comment(ann.browser, content.id, "Back to you", reply.id);
    expect(replyToReply.parent_id).toBe(first.id);

    const seen = await page(bob.browser, content.id);
    expect(seen.count).toBe(4);
    expect(seen.is_creator).toBe(false);
    expect(seen.items.map((t) => t.text)).toEqual(["Second", "<b>First</b> 🎧"]);
    expect(seen.items[0]!.is_mine).toBe(true);
    expect(seen.items[1]!.reply_count).toBe(2);
    expect(seen.items[1]!.replies.map((r) => r.text)).toEqual(["A reply", "Back to you"]);

    // Top: most replies first.
    const top = await page(bob.browser, content.id, "?sort=top");
    expect(top.items.map((t) => t.id)).toEqual([first.id, second.id]);

    const replies = await page(bob.browser, content.id, `?parent_id=${first.id}`);
    expect(replies.items.map((r) => r.id)).toEqual([reply.id, replyToReply.id]);
  });

  it("pages by keyset in both sorts, without repeats", async () => {
    const content = await item();
    const author = await makeUser();
    const ids = await seed(content.id, COMMENTS_PAGE + 5, author.id);
    const reader = await member("reader");
    for (const sort of ["newest", "top"]) {
      const one = await page(reader.browser, content.id, `?sort=${sort}`);
      expect(one.items).toHaveLength(COMMENTS_PAGE);
      expect(one.nextCursor).not.toBeNull();
      const two = await page(reader.browser, content.id, `?sort=${sort}&cursor=${one.nextCursor}`);
      expect(two.items).toHaveLength(5);
      expect(two.nextCursor).toBeNull();
      const all = [...one.items, ...two.items].map((t) => t.id);
      // Newest first is by id: two ids made in the same millisecond order by their random part, not by when.
      expect(all).toEqual([...ids].sort().reverse());
    }
  });

  it("refuses bad input with 400 and the field's words, unknown ids with 404, never a 500", async () => {
    const content = await item();
    const ann = await established("ann");
    const cases: [unknown, string][] = [
      [{}, "text: Comment text is required"],
      [{ text: "   " }, "text: Comment text is required"],
      [{ text: "x".repeat(2001) }, "text: Comment must be at most 2,000 characters"],
      [{ text: 5 }, "text: Comment text is required"],
      [{ text: "ok", parent_id: "nope" }, "parent_id: parent_id must be a comment id"],
    ];
    for (const [body, error] of cases) {
      const res = await post(ann.browser, content.id, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error });
    }
    expect((await post(ann.browser, content.id, { text: "y".repeat(2000) })).status).toBe(201);

    const other = await item();
    const elsewhere = await comment(ann.browser, other.id, "On another item");
    expect((await post(ann.browser, content.id, { text: "x", parent_id: elsewhere.id })).status).toBe(404);
    expect((await post(ann.browser, content.id, { text: "x", parent_id: newId() })).status).toBe(404);
    expect((await post(ann.browser, newId(), { text: "x" })).status).toBe(404);
    expect((await ann.browser.fetch(`/api/content/${newId()}/comments`)).status).toBe(404);

    for (const query of ["?sort=best", "?cursor=%%%", "?cursor=WyJuIl0", "?sort=top&cursor=WyJuIiwiMDEiXQ"]) {
      const res = await ann.browser.fetch(`/api/content/${content.id}/comments${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it("hides a suspended member's comments from everyone but them, and refuses their posts", async () => {
    const content = await item();
    const ann = await established("ann");
    const bob = await established("bob");
    await comment(ann.browser, content.id, "Spam spam");
    await comment(bob.browser, content.id, "Nice");
    await suspend(ann.id);
    const seen = await page(bob.browser, content.id);
    expect(seen.items.map((t) => t.text)).toEqual(["Nice"]);
    expect(seen.count).toBe(1);
    expect((await page(ann.browser, content.id)).items).toHaveLength(2);
    const refused = await post(ann.browser, content.id, { text: "More" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "suspended" });
  });

  it("answers 404 for a taken-down item, to readers and posters", async () => {
    const content = await item();
    const ann = await established("ann");
    await comment(ann.browser, content.id, "Before");
    await takeDown(content.id);
    expect((await ann.browser.fetch(`/api/content/${content.id}/comments`)).status).toBe(404);
    expect((await post(ann.browser, content.id, { text: "After" })).status).toBe(404);
  });

  it("keeps links plain for accounts younger than 7 days", async () => {
    const content = await item();
    const fresh = await member("fresh");
    const old = await established("old");
    expect((await comment(fresh.browser, content.id, "see https://a.example")).links_clickable).toBe(false);
    expect((await comment(old.browser, content.id, "see https://b.example")).links_clickable).toBe(true);
  });

  it("limits posting per member, more strictly for new accounts", async () => {
    const content = await item();
    const fresh = await member("fresh");
    for (let i = 0; i < NEW_ACCOUNT_COMMENTS_PER_MINUTE; i++) await comment(fresh.browser, content.id, `n${i}`);
    const refused = await post(fresh.browser, content.id, { text: "one more" });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "rate_limited" });

    const old = await established("old");
    for (let i = 0; i < COMMENTS_PER_MINUTE; i++) await comment(old.browser, content.id, `o${i}`);
    expect((await post(old.browser, content.id, { text: "one more" })).status).toBe(429);
  });

  it("never records a view or an earning", async () => {
    const content = await item();
    const ann = await established("ann");
    await comment(ann.browser, content.id, "Great");
    const views = await env.DB.prepare("select count(*) as n from views where content_id = ?1")
      .bind(content.id)
      .first<{ n: number }>();
    expect(views?.n).toBe(0);
    const row = await env.DB.prepare("select view_count from content where id = ?1")
      .bind(content.id)
      .first<{ view_count: number }>();
    expect(row?.view_count).toBe(0);
  });

  it("lets the author edit (marked edited) and nobody else", async () => {
    const content = await item();
    const ann = await established("ann");
    const bob = await established("bob");
    const mine = await comment(ann.browser, content.id, "Frist");
    const edited = await ann.browser.json(`/api/comments/${mine.id}`, "PATCH", { text: "First" });
    expect(edited.status).toBe(200);
    const body = await edited.json<CommentJson>();
    expect(body.text).toBe("First");
    expect(body.edited_at).not.toBeNull();
    const refused = await bob.browser.json(`/api/comments/${mine.id}`, "PATCH", { text: "Mine now" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "not_author" });
    const tooLong = await ann.browser.json(`/api/comments/${mine.id}`, "PATCH", { text: "x".repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect((await ann.browser.json(`/api/comments/${newId()}`, "PATCH", { text: "x" })).status).toBe(404);
    expect((await page(bob.browser, content.id)).items[0]!.edited_at).toBe(body.edited_at);
  });

  it("deletes: gone without replies, 'removed' with them; the item's creator may remove any, others none", async () => {
    const creator = await established("creator");
    const content = await makeContent(creator.id, { title: "Mine" });
    const ann = await established("ann");
    const bob = await established("bob");
    const lonely = await comment(ann.browser, content.id, "Alone");
    const top = await comment(ann.browser, content.id, "With replies");
    const reply = await comment(bob.browser, content.id, "A reply", top.id);

    const del = (b: Browser, id: string) => b.fetch(`/api/comments/${id}`, { method: "DELETE" });
    expect((await del(bob.browser, lonely.id)).status).toBe(403);
    expect((await del(ann.browser, lonely.id)).status).toBe(200);
    expect((await del(ann.browser, lonely.id)).status).toBe(404);
    expect((await del(ann.browser, top.id)).status).toBe(200);

    let seen = await page(bob.browser, content.id);
    expect(seen.count).toBe(1);
    expect(seen.items).toHaveLength(1);
    expect(seen.items[0]).toMatchObject({ id: top.id, removed: true, text: "", reply_count: 1 });
    expect(seen.items[0]!.replies.map((r) => r.id)).toEqual([reply.id]);

    // The creator removes the last reply: the removed top comment goes with it.
    expect((await del(creator.browser, reply.id)).status).toBe(200);
    seen = await page(bob.browser, content.id);
    expect(seen.items).toEqual([]);
    expect(seen.count).toBe(0);
    // A removed comment cannot be replied to.
    expect((await post(bob.browser, content.id, { text: "x", parent_id: lonely.id })).status).toBe(404);
  });

  it("pins one top comment per item, first on the first page, by the item's creator only", async () => {
    const creator = await established("creator");
    const content = await makeContent(creator.id, { title: "Mine" });
    const ann = await established("ann");
    const old = await comment(ann.browser, content.id, "Old");
    const other = await comment(ann.browser, content.id, "Other");
    const reply = await comment(ann.browser, content.id, "Reply", old.id);
    await comment(ann.browser, content.id, "Newest");

    const pin = (b: Browser, id: string) => b.fetch(`/api/comments/${id}/pin`, { method: "PUT" });
    const refused = await pin(ann.browser, old.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "not_creator" });
    expect(await (await pin(creator.browser, reply.id)).json()).toMatchObject({ code: "pin_reply" });
    expect(await (await pin(creator.browser, other.id)).json()).toMatchObject({ pinned: true });
    expect(await (await pin(creator.browser, old.id)).json()).toMatchObject({ pinned: true });

    const seen = await page(ann.browser, content.id);
    expect(seen.is_creator).toBe(false);
    expect(seen.items.map((t) => [t.text, t.pinned])).toEqual([
      ["Old", true],
      ["Newest", false],
      ["Other", false],
    ]);
    expect((await page(creator.browser, content.id)).is_creator).toBe(true);

    const unpinned = await creator.browser.fetch(`/api/comments/${old.id}/pin`, { method: "DELETE" });
    expect(await unpinned.json()).toMatchObject({ pinned: false });
    expect((await page(ann.browser, content.id)).items.map((t) => t.text)).toEqual(["Newest", "Other", "Old"]);
  });

  it("tells the creator 'N new comments' as one bell line per item and day, not for their own", async () => {
    const creator = await established("creator");
    const content = await makeContent(creator.id, { title: "Night drive" });
    const other = await makeContent(creator.id, { title: "Day trip" });
    const ann = await established("ann");
    const top = await comment(ann.browser, content.id, "One");
    await comment(ann.browser, content.id, "Two", top.id);
    await comment(creator.browser, content.id, "Thanks!");
    await comment(ann.browser, other.id, "Elsewhere");

    type Bell = { items: { kind: string; group: string; count: number; subject_id: string; detail: string }[] };
    const bell = await (await creator.browser.fetch("/api/me/notifications")).json<Bell>();
    const lines = bell.items.filter((n) => n.kind === "new_comments");
    expect(lines.map((n) => [n.subject_id, n.count, n.detail, n.group])).toEqual(
      expect.arrayContaining([
        [content.id, 2, "Night drive", "comments"],
        [other.id, 1, "Day trip", "comments"],
      ]),
    );
    expect(lines).toHaveLength(2);
    const rows = await env.DB.prepare(
      "select ref, day, at from notifications where kind = 'new_comments' and subject_id = ?1",
    )
      .bind(content.id)
      .all<{ ref: string; day: string; at: string }>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0]!.ref).toBe(`${content.id}:${rows.results[0]!.day}`);
    expect(rows.results[0]!.day).toBe(rows.results[0]!.at.slice(0, 10));

    // Muted, the bell leaves the line out.
    await creator.browser.json("/api/me/notifications/settings", "PUT", { muted: ["comments"] });
    const muted = await (await creator.browser.fetch("/api/me/notifications")).json<Bell>();
    expect(muted.items.filter((n) => n.kind === "new_comments")).toEqual([]);
    // Nothing for the commenter.
    const annBell = await (await ann.browser.fetch("/api/me/notifications")).json<Bell>();
    expect(annBell.items.filter((n) => n.kind === "new_comments")).toEqual([]);
  });
});

describe("comment text under the one rule for what members type (docs/decisions/106)", () => {
  it("counts length as the text box does and refuses text that shows nothing or cannot be shown, in words", async () => {
    const content = await item();
    const cases: [string, string][] = [
      ["😀".repeat(1001), "text: Comment must be at most 2,000 characters"],
      ["😀".repeat(2000), "text: Comment must be at most 2,000 characters"],
      ["\u200b\u200b\u200b", "text: Comment text is required"],
      [" \u200d\u2060\ufe0f ", "text: Comment text is required"],
      ["Nice \ud800 film", "text: Comment contains characters that cannot be shown"],
      ["Nice\u0000film", "text: Comment contains characters that cannot be shown"],
    ];
    for (const [i, [text, error]] of cases.entries()) {
      // Each its own member: the comment rate limit counts refused tries too.
      const ann = await established(`ann${i}`);
      const res = await post(ann.browser, content.id, { text });
      expect(res.status, error).toBe(400);
      expect(await res.json()).toMatchObject({ error });
    }
    expect((await page(new Browser(), content.id)).count).toBe(0);
  });

  it("keeps good text as typed: emoji up to the limit, accents, CJK, right-to-left letters, HTML", async () => {
    const content = await item();
    const ann = await established("ann");
    const texts = [
      "😀".repeat(1000),
      "Crème brûlée, 北極光, שלום, مرحبا 👍🏽",
      "<img src=x onerror=alert(1)> & line\n\tbreaks",
    ];
    for (const text of texts) expect((await comment(ann.browser, content.id, text)).text).toBe(text);
  });
});
