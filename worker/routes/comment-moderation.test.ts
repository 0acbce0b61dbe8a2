import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AdminAppealsResponse, AppealDecisionResponse, MyAppealsResponse } from "../../common/schemas/appeals";
import type { CommentJson, CommentPageJson } from "../../common/schemas/comments";
import type { ContentListResponse } from "../../common/schemas/content";
import type {
  CommentModerationResponse,
  CommentReportJson,
  ModerationQueueResponse,
  ModerationUserResponse,
} from "../../common/schemas/moderation";
import type { NotificationsJson } from "../../common/schemas/notifications";
import type { ContentStatsJson } from "../../common/schemas/studio";
import { REPORTS_PER_HOUR } from "../middleware/rate-limit";
import { makeContent } from "../test/factories";
import { Browser, signedInBrowser } from "../test/http";
import { established, member } from "../test/members";
import { suspend, takeDown } from "../test/moderation";

// Comments in moderation (docs/decisions/095): reports of comments, the queue's comments, takedown, restore and
// dismiss, the member record, appeals of a comment takedown, the studio's comment count, and no money anywhere.

const report = (b: Browser, commentId: string, body: unknown = { reason: "abuse" }) =>
  b.json(`/api/comments/${commentId}/report`, "POST", body);
const onComment = (admin: Browser, id: string, action: string, note = "") =>
  admin.json(`/api/admin/moderation/comments/${id}`, "POST", { action, note });
const queue = async (admin: Browser, qs = "") =>
  (await (await admin.fetch(`/api/admin/moderation${qs}`)).json<ModerationQueueResponse>()).comments;
const page = async (b: Browser | null, contentId: string, query = "") => {
  const url = `/api/content/${contentId}/comments${query}`;
  const res = b ? await b.fetch(url) : await signedOut(url);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<CommentPageJson>();
};
const signedOut = (path: string) => new Browser().fetch(path);
async function comment(b: Browser, contentId: string, text: string, parentId?: string) {
  const res = await b.json(`/api/content/${contentId}/comments`, "POST", {
    text,
    ...(parentId ? { parent_id: parentId } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<CommentJson>();
}
const appeal = (b: Browser, actionId: string, text = "I was quoting the film, please look again.") =>
  b.json("/api/appeals", "POST", { action_id: actionId, text });
const decide = (admin: Browser, appealId: string, outcome: string, note = "") =>
  admin.json(`/api/admin/appeals/${appealId}/decision`, "POST", { outcome, note });
const bell = async (b: Browser) =>
  (await (await b.fetch("/api/me/notifications")).json<NotificationsJson>()).items.filter((n) =>
    n.kind.startsWith("comment_"),
  );
const audit = async (entityId: string) =>
  (
    await env.DB.prepare("select action, entity from audit_log where entity_id = ?1 order by created_at, id")
      .bind(entityId)
      .all<{ action: string; entity: string }>()
  ).results;

/** Every row that money, views or certification could leave: none of this may change. */
async function moneyRows() {
  const row = await env.DB.prepare(
    `select (select count(*) from views) as views, (select count(*) from earnings) as earnings,
      (select count(*) from reversals) as reversals, (select coalesce(sum(view_count), 0) from content) as viewCounts`,
  ).first<Record<string, number>>();
  return row;
}

/** An item by a creator, a comment on it by its author, and an admin. */
async function scene() {
  const admin = await signedInBrowser("admin@example.com");
  const creator = await established("creator");
  const author = await established("author");
  const item = await makeContent(creator.id, { title: "Night <drive> 🚗" });
  const c = await comment(author.browser, item.id, "You stole this from my channel, idiot");
  return { admin, creator, author, item, comment: c };
}

describe("POST /api/comments/{id}/report", () => {
  it("files one open report per member and comment: 201 new, 200 updated", async () => {
    const { comment: c } = await scene();
    const reporter = await member("reporter");
    const first = await report(reporter.browser, c.id, { reason: "spam", details: "  <b>link farm</b> 🙃  " });
    expect(first.status).toBe(201);
    const made = await first.json<CommentReportJson>();
    expect(made).toMatchObject({ comment_id: c.id, reason: "spam", details: "<b>link farm</b> 🙃" });
    const again = await report(reporter.browser, c.id, { reason: "abuse" });
    expect(again.status).toBe(200);
    expect(await again.json<CommentReportJson>()).toMatchObject({ id: made.id, reason: "abuse", details: "" });
    const rows = await env.DB.prepare("select status from comment_reports where comment_id = ?1")
      .bind(c.id)
      .all<{ status: string }>();
    expect(rows.results).toEqual([{ status: "open" }]);
    // Item reports are untouched: no row in `reports`.
    const items = await env.DB.prepare("select count(*) as n from reports where reporter_id = ?1")
      .bind(reporter.id)
      .first<{ n: number }>();
    expect(items?.n).toBe(0);
  });

  it("refuses bad input (400), one's own comment (403), the suspended (403), unseen comments (404)", async () => {
    const { author, comment: c, item } = await scene();
    const reporter = await member("reporter");
    const bad = await report(reporter.browser, c.id, { reason: "rude" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("reason must be one of");
    const long = await report(reporter.browser, c.id, { reason: "spam", details: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("details must be at most 500 characters");

    const own = await report(author.browser, c.id);
    expect(own.status).toBe(403);
    expect(await own.json()).toMatchObject({ code: "own_comment" });

    expect((await report(reporter.browser, "01HZZZZZZZZZZZZZZZZZZZZZZZ")).status).toBe(404);
    const gone = await comment(author.browser, item.id, "Delete me");
    expect((await author.browser.fetch(`/api/comments/${gone.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await report(reporter.browser, gone.id)).status).toBe(404);

    // Under a taken-down item nobody may open, the comment cannot be reported either.
    const other = await scene();
    await takeDown(other.item.id);
    expect((await report(reporter.browser, other.comment.id)).status).toBe(404);

    // A suspended author's comment is hidden: 404. A suspended reporter: 403.
    const third = await scene();
    await suspend(third.author.id);
    expect((await report(reporter.browser, third.comment.id)).status).toBe(404);
    await suspend(reporter.id);
    const refused = await report(reporter.browser, c.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "suspended" });
  });

  it(`shares the ${REPORTS_PER_HOUR}-an-hour limit with item reports`, async () => {
    const { item, author } = await scene();
    const reporter = await member("reporter");
    const comments = [];
    for (let i = 0; i < 3; i++) comments.push(await comment(author.browser, item.id, `Comment ${i}`));
    const other = await makeContent((await established("other")).id);
    const statuses: number[] = [];
    expect((await reporter.browser.json(`/api/content/${other.id}/report`, "POST", { reason: "spam" })).status).toBe(
      201,
    );
    for (let i = 1; i < REPORTS_PER_HOUR; i++)
      statuses.push((await report(reporter.browser, comments[i % 3]!.id)).status);
    expect(statuses.every((s) => s === 201 || s === 200)).toBe(true);
    const refused = await report(reporter.browser, comments[0]!.id);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "rate_limited" });
  });

  it("a farm of new accounts reporting a comment does not take it down: only an admin does", async () => {
    const { comment: c, item, admin } = await scene();
    const before = await moneyRows();
    for (let i = 0; i < 12; i++) expect((await report((await member("farm")).browser, c.id)).status).toBe(201);
    const seen = await page(null, item.id);
    expect(seen.items.map((t) => t.id)).toContain(c.id);
    expect(seen.count).toBe(1);
    const [queued] = (await queue(admin)).filter((q) => q.comment_id === c.id);
    expect(queued).toMatchObject({ open_reports: 12, status: "visible", counts: { abuse: 12 } });
    expect(await moneyRows()).toEqual(before);
  });
});

describe("comments in the moderators' queue", () => {
  it("groups reports by comment with its text, author, item, counts and newest notes", async () => {
    const { admin, author, item, comment: c } = await scene();
    const second = await comment(author.browser, item.id, "Another one");
    const [a, b] = [await member("a"), await member("b")];
    await report(a.browser, c.id, { reason: "abuse", details: "Insults" });
    await report(b.browser, c.id, { reason: "spam", details: "<script>alert(1)</script>" });
    await report(a.browser, second.id, { reason: "spam" });
    const mine = (await queue(admin)).filter((q) => q.author_id === author.id);
    expect(mine.map((q) => q.comment_id)).toEqual([second.id, c.id]);
    expect(mine[1]).toMatchObject({
      text: "You stole this from my channel, idiot",
      content_id: item.id,
      title: "Night <drive> 🚗",
      author_suspended: false,
      status: "visible",
      deleted: false,
      counts: { abuse: 1, spam: 1 },
      open_reports: 2,
    });
    expect(mine[1]!.latest_notes.map((n) => n.note).sort()).toEqual(["<script>alert(1)</script>", "Insults"]);
    // Items' list is unchanged: no item of this creator is in it.
    const items = (await (await admin.fetch("/api/admin/moderation")).json<ModerationQueueResponse>()).items;
    expect(items.some((i) => i.content_id === item.id)).toBe(false);
  });

  it("takes a comment down: hidden and uncounted for others, kept for its author, audited, told, no money", async () => {
    const { admin, creator, author, item, comment: c } = await scene();
    const reply = await comment(creator.browser, item.id, "Please be kind", c.id);
    expect((await creator.browser.fetch(`/api/comments/${c.id}/pin`, { method: "PUT" })).status).toBe(200);
    await report((await member("r")).browser, c.id);
    const before = await moneyRows();

    const res = await onComment(admin, c.id, "takedown", "Harassment");
    expect(res.status).toBe(200);
    expect((await res.json<CommentModerationResponse>()).comment).toMatchObject({
      status: "removed",
      removed_note: "Harassment",
      open_reports: 0,
      counts: { abuse: 1 },
    });
    expect(await audit(c.id)).toEqual([{ action: "comment_takedown", entity: "comment" }]);
    const statuses = await env.DB.prepare("select status from comment_reports where comment_id = ?1")
      .bind(c.id)
      .all<{ status: string }>();
    expect(statuses.results).toEqual([{ status: "actioned" }]);

    // Others: the top comment keeps its thread as "Comment removed", no text, not pinned, not counted.
    for (const viewer of [null, creator.browser]) {
      const seen = await page(viewer, item.id);
      expect(seen.count).toBe(1);
      expect(seen.items).toHaveLength(1);
      expect(seen.items[0]).toMatchObject({ id: c.id, removed: true, text: "", pinned: false, taken_down: false });
      expect(seen.items[0]!.replies.map((r) => r.id)).toEqual([reply.id]);
    }
    // Its author sees it, marked, with the note.
    const own = await page(author.browser, item.id);
    expect(own.items[0]).toMatchObject({
      id: c.id,
      text: "You stole this from my channel, idiot",
      removed: false,
      taken_down: true,
      taken_down_note: "Harassment",
      pinned: false,
    });
    expect(own.count).toBe(1);
    // Admins see it where it is, marked, as its author does; it is not counted for them either.
    const asAdmin = await page(admin, item.id);
    expect(asAdmin.items[0]).toMatchObject({
      id: c.id,
      taken_down: true,
      text: "You stole this from my channel, idiot",
    });
    expect(asAdmin.count).toBe(1);
    // The author cannot edit it; nobody else can reply to or report it.
    const edit = await author.browser.json(`/api/comments/${c.id}`, "PATCH", { text: "Nicer now" });
    expect(edit.status).toBe(403);
    expect(
      (await creator.browser.json(`/api/content/${item.id}/comments`, "POST", { text: "x", parent_id: c.id })).status,
    ).toBe(404);
    expect((await report((await member("late")).browser, c.id)).status).toBe(404);
    expect((await bell(author.browser)).map((n) => [n.kind, n.detail])).toEqual([
      ["comment_taken_down", "Night <drive> 🚗"],
    ]);
    // Twice: 409.
    const again = await onComment(admin, c.id, "takedown");
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "already_removed" });
    expect(await moneyRows()).toEqual(before);

    // In the removed list; a restore brings it back, counted again.
    expect((await queue(admin, "?status=removed")).map((q) => q.comment_id)).toContain(c.id);
    expect((await onComment(admin, c.id, "restore", "Fine after all")).status).toBe(200);
    expect((await onComment(admin, c.id, "restore")).status).toBe(409);
    const back = await page(null, item.id);
    expect(back.count).toBe(2);
    expect(back.items[0]).toMatchObject({ id: c.id, removed: false, text: "You stole this from my channel, idiot" });
    expect(await audit(c.id)).toEqual([
      { action: "comment_takedown", entity: "comment" },
      { action: "comment_restore", entity: "comment" },
    ]);
    expect((await bell(author.browser)).map((n) => n.kind).sort()).toEqual(["comment_restored", "comment_taken_down"]);
    expect(await moneyRows()).toEqual(before);
  });

  it("a taken-down reply is neither listed nor counted for others, nor in its top comment's reply count", async () => {
    const { admin, creator, author, item, comment: c } = await scene();
    const reply = await comment(author.browser, item.id, "And another insult", c.id);
    expect((await onComment(admin, reply.id, "takedown", "Insult")).status).toBe(200);
    const seen = await page(creator.browser, item.id);
    expect(seen.count).toBe(1);
    expect(seen.items[0]).toMatchObject({ id: c.id, reply_count: 0, replies: [] });
    const own = await page(author.browser, item.id);
    expect(own.items[0]!.replies.map((r) => [r.id, r.taken_down])).toEqual([[reply.id, true]]);
    // The author deletes it meanwhile: the count stays right after a restore.
    expect((await author.browser.fetch(`/api/comments/${reply.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await onComment(admin, reply.id, "restore")).status).toBe(200);
    expect((await page(null, item.id)).items[0]).toMatchObject({ reply_count: 0 });
  });

  it("dismisses open reports (409 when there are none); unknown comments are 404", async () => {
    const { admin, comment: c } = await scene();
    const nothing = await onComment(admin, c.id, "dismiss");
    expect(nothing.status).toBe(409);
    expect(await nothing.json()).toMatchObject({ code: "no_open_reports" });
    await report((await member("r")).browser, c.id);
    expect((await onComment(admin, c.id, "dismiss", "Fair comment")).status).toBe(200);
    expect(await audit(c.id)).toEqual([{ action: "comment_dismiss", entity: "comment" }]);
    expect((await queue(admin)).some((q) => q.comment_id === c.id)).toBe(false);
    expect((await onComment(admin, "01HZZZZZZZZZZZZZZZZZZZZZZZ", "takedown")).status).toBe(404);
    const bad = await onComment(admin, c.id, "delete");
    expect(bad.status).toBe(400);
    // Members cannot act.
    const someone = await member("someone");
    expect((await onComment(someone.browser, c.id, "takedown")).status).toBe(403);
  });

  it("counts comment reports received and made, and comment takedowns, in the member record", async () => {
    const { admin, author, comment: c } = await scene();
    const reporter = await member("reporter");
    await report(reporter.browser, c.id, { reason: "spam", details: "Ads" });
    await onComment(admin, c.id, "takedown", "Spam");
    const record = async (id: string) =>
      (await admin.fetch(`/api/admin/moderation/users/${id}`)).json<ModerationUserResponse>();
    const theirs = await record(author.id);
    expect(theirs.comment_reports_received).toHaveLength(1);
    expect(theirs.comment_reports_received[0]).toMatchObject({ comment_id: c.id, reason: "spam", status: "actioned" });
    expect(theirs.reports_received).toEqual([]);
    expect(theirs.actions.map((a) => [a.action, a.entity, a.note])).toEqual([["comment_takedown", "comment", "Spam"]]);
    const made = await record(reporter.id);
    expect(made.comment_reports_made.map((r) => [r.comment_id, r.note])).toEqual([[c.id, "Ads"]]);
    expect(made.reports_made).toEqual([]);
  });
});

describe("appeals of a comment takedown", () => {
  async function takenDownComment() {
    const s = await scene();
    await report((await member("r")).browser, s.comment.id, { reason: "abuse", details: "Name-calling" });
    expect((await onComment(s.admin, s.comment.id, "takedown", "Name-calling")).status).toBe(200);
    const actions = (await (await s.author.browser.fetch("/api/me/appeals")).json<MyAppealsResponse>()).actions;
    return { ...s, action: actions[0]! };
  }

  it("lists the takedown for its author, once appealable; the admin sees the comment and its reports", async () => {
    const { admin, author, item, comment: c, action } = await takenDownComment();
    expect(action).toMatchObject({
      action: "comment_takedown",
      content_id: item.id,
      title: "Night <drive> 🚗",
      comment: { id: c.id, text: "You stole this from my channel, idiot" },
      note: "Name-calling",
      in_force: true,
      can_appeal: true,
    });
    expect((await appeal(author.browser, action.action_id)).status).toBe(201);
    const second = await appeal(author.browser, action.action_id);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: "already_appealed" });
    // Nobody else may appeal it.
    expect((await appeal((await member("x")).browser, action.action_id)).status).toBe(404);
    const listed = (await (await admin.fetch("/api/admin/appeals")).json<AdminAppealsResponse>()).appeals.find(
      (a) => a.action.id === action.action_id,
    )!;
    expect(listed.action).toMatchObject({
      action: "comment_takedown",
      content: { id: item.id, title: "Night <drive> 🚗" },
      comment: { id: c.id, text: "You stole this from my channel, idiot", removed: true, deleted: false },
    });
    expect(listed.reports.map((r) => r.note)).toEqual(["Name-calling"]);
  });

  it("reversing restores the comment, closes the appeal, audits, and tells the author once; no money", async () => {
    const { admin, author, item, comment: c, action } = await takenDownComment();
    const before = await moneyRows();
    const sent = await (await appeal(author.browser, action.action_id)).json<{ appeal: { id: string } }>();
    const res = await decide(admin, sent.appeal.id, "reversed", "Harsh but allowed");
    expect(res.status).toBe(200);
    expect((await res.json<AppealDecisionResponse>()).appeal).toMatchObject({ status: "reversed" });
    expect((await page(null, item.id)).items.map((t) => [t.id, t.removed])).toEqual([[c.id, false]]);
    expect((await audit(c.id)).map((a) => a.action)).toEqual(["comment_takedown", "comment_restore"]);
    const kinds = (await bell(author.browser)).map((n) => [n.kind, n.detail]);
    expect(kinds).toContainEqual(["comment_appeal_granted", "Night <drive> 🚗"]);
    expect(kinds.some(([k]) => k === "comment_restored")).toBe(false);
    expect((await decide(admin, sent.appeal.id, "upheld")).status).toBe(409);
    expect(await moneyRows()).toEqual(before);
  });

  it("upholding keeps the comment removed and tells the author", async () => {
    const { admin, author, item, comment: c, action } = await takenDownComment();
    const sent = await (await appeal(author.browser, action.action_id)).json<{ appeal: { id: string } }>();
    expect((await decide(admin, sent.appeal.id, "upheld", "Stays")).status).toBe(200);
    expect((await page(null, item.id)).items.map((t) => t.id)).not.toContain(c.id);
    expect((await bell(author.browser)).map((n) => n.kind)).toContain("comment_appeal_upheld");
  });

  it("a plain restore makes the open appeal moot", async () => {
    const { admin, author, comment: c, action } = await takenDownComment();
    const sent = await (await appeal(author.browser, action.action_id)).json<{ appeal: { id: string } }>();
    expect((await onComment(admin, c.id, "restore")).status).toBe(200);
    const row = await env.DB.prepare("select status from appeals where id = ?1")
      .bind(sent.appeal.id)
      .first<{ status: string }>();
    expect(row?.status).toBe("moot");
    const again = await decide(admin, sent.appeal.id, "reversed");
    expect(again.status).toBe(409);
  });
});

describe("the studio's comment count", () => {
  it("counts comments the public sees: not deleted, not taken down, not by suspended members", async () => {
    const { admin, creator, item, comment: c, author } = await scene();
    const other = await makeContent(creator.id, { title: "Second" });
    const fan = await established("fan");
    const kept = await comment(fan.browser, item.id, "Lovely");
    await comment(fan.browser, item.id, "Reply", kept.id);
    const deleted = await comment(fan.browser, item.id, "Oops");
    await fan.browser.fetch(`/api/comments/${deleted.id}`, { method: "DELETE" });
    await comment(fan.browser, other.id, "On the second");
    const suspendedMember = await established("gone");
    await comment(suspendedMember.browser, item.id, "Spam spam");
    await suspend(suspendedMember.id);
    expect((await onComment(admin, c.id, "takedown", "Insult")).status).toBe(200);
    expect(author.id).toBeTruthy();

    const mine = (await (await creator.browser.fetch("/api/content/mine")).json<ContentListResponse>()).items;
    expect(Object.fromEntries(mine.map((i) => [i.id, i.comment_count]))).toEqual({ [item.id]: 2, [other.id]: 1 });
    const stats = await (await creator.browser.fetch(`/api/content/${item.id}/stats`)).json<ContentStatsJson>();
    expect(stats.comment_count).toBe(2);
    // The player's count for a signed-out visitor is the same number.
    expect((await page(null, item.id)).count).toBe(2);
    // Other lists do not carry it.
    const gallery = (await (await signedOut("/api/content")).json<ContentListResponse>()).items;
    expect(gallery.every((i) => i.comment_count === undefined)).toBe(true);
  });
});
