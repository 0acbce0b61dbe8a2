import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type {
  ContentModerationResponse,
  ModerationQueueResponse,
  ModerationUserResponse,
  UserModerationResponse,
} from "../../../common/schemas/moderation";
import { makeContent, makeUser } from "../../test/factories";
import { signedInBrowser, uniqueEmail, type Browser } from "../../test/http";
import { auditActions } from "../../test/admin-calls";

// The moderators' routes (docs/decisions/027): the queue, actions on items, actions on members.

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const report = (b: Browser, contentId: string, reason: string, note = "") =>
  b.json(`/api/content/${contentId}/report`, "POST", { reason, note });
const onItem = (admin: Browser, id: string, action: string, note = "") =>
  admin.json(`/api/admin/moderation/content/${id}`, "POST", { action, note });
const onUser = (admin: Browser, id: string, action: string, note = "") =>
  admin.json(`/api/admin/moderation/users/${id}`, "POST", { action, note });
const queue = async (admin: Browser, qs = "") =>
  (await (await admin.fetch(`/api/admin/moderation${qs}`)).json<ModerationQueueResponse>()).items;
const reportStatuses = async (contentId: string) =>
  (
    await env.DB.prepare("select status from reports where content_id = ?1 order by created_at")
      .bind(contentId)
      .all<{ status: string }>()
  ).results.map((r) => r.status);

/** Lets the clock move on, so reports made one after another never share a millisecond. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

async function reporters(n: number) {
  return Promise.all(Array.from({ length: n }, () => signedInBrowser(uniqueEmail("reporter"))));
}

describe("GET /api/admin/moderation", () => {
  it("lists items with open reports, grouped by item, the most recently reported first", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const creator = await makeUser({ username: `mod${Date.now().toString(36)}` });
    const [older, newer] = [await makeContent(creator.id), await makeContent(creator.id)];
    const [a, b, c] = await reporters(3);
    await report(a!, older.id, "spam", "Buy followers link");
    await tick();
    await report(b!, older.id, "spam");
    await tick();
    await report(c!, older.id, "abuse", "Insults in the title");
    await tick();
    await report(a!, newer.id, "copyright", "My song");
    const items = await queue(admin);
    const mine = items.filter((i) => i.creator_id === creator.id);
    expect(mine.map((i) => i.content_id)).toEqual([newer.id, older.id]);
    expect(mine[1]).toMatchObject({
      title: older.title,
      creator_name: creator.username,
      creator_email: creator.email,
      creator_suspended: false,
      status: "visible",
      removed_note: null,
      counts: { spam: 2, abuse: 1 },
      open_reports: 3,
    });
    expect(mine[1]!.latest_notes.map((n) => n.note)).toEqual(["Insults in the title", "Buy followers link"]);
    expect(mine[1]!.first_reported_at <= mine[1]!.last_reported_at).toBe(true);
    // A new report of the older item moves it up.
    await tick();
    await report(b!, older.id, "abuse");
    expect((await queue(admin)).filter((i) => i.creator_id === creator.id).map((i) => i.content_id)).toEqual([
      older.id,
      newer.id,
    ]);
    expect((await admin.fetch("/api/admin/moderation?status=closed")).status).toBe(400);
  });
});

describe("POST /api/admin/moderation/content/{id}", () => {
  it("dismisses open reports, audited; 409 when none are open, with no audit row", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const item = await makeContent((await makeUser()).id);
    const [a, b] = await reporters(2);
    await report(a!, item.id, "spam");
    await report(b!, item.id, "other");
    const res = await onItem(admin, item.id, "dismiss", "Not spam");
    expect(res.status).toBe(200);
    expect(await res.json<ContentModerationResponse>()).toMatchObject({
      item: { content_id: item.id, status: "visible", open_reports: 0, counts: {} },
      reversed_usd: 0,
    });
    expect(await reportStatuses(item.id)).toEqual(["dismissed", "dismissed"]);
    expect(await auditActions(item.id)).toEqual(["dismiss"]);
    expect((await queue(admin)).map((i) => i.content_id)).not.toContain(item.id);
    const again = await onItem(admin, item.id, "dismiss");
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "no_open_reports" });
    expect(await auditActions(item.id)).toEqual(["dismiss"]);
  });

  it("takes an item down (reports actioned, note kept for its creator) and restores it, each audited once; 409 when it does not apply", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const item = await makeContent((await makeUser()).id);
    const [a] = await reporters(1);
    await report(a!, item.id, "sexual_content", "Explicit thumbnail");
    expect((await onItem(admin, item.id, "restore")).status).toBe(409);
    const down = await onItem(admin, item.id, "takedown", "Explicit imagery is not allowed");
    expect(down.status).toBe(200);
    const { item: removed } = await down.json<ContentModerationResponse>();
    expect(removed).toMatchObject({
      status: "removed",
      removed_note: "Explicit imagery is not allowed",
      open_reports: 0,
      counts: { sexual_content: 1 },
    });
    expect(removed.latest_notes.map((n) => n.note)).toEqual(["Explicit thumbnail"]);
    expect(await reportStatuses(item.id)).toEqual(["actioned"]);
    expect((await queue(admin, "?status=removed")).find((i) => i.content_id === item.id)).toMatchObject({
      status: "removed",
    });
    expect((await queue(admin)).map((i) => i.content_id)).not.toContain(item.id);

    const twice = await onItem(admin, item.id, "takedown", "again");
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ code: "already_removed" });
    expect(await auditActions(item.id)).toEqual(["takedown"]);

    const restored = await onItem(admin, item.id, "restore", "Thumbnail replaced");
    expect(restored.status).toBe(200);
    expect((await restored.json<ContentModerationResponse>()).item).toMatchObject({
      status: "visible",
      removed_note: null,
    });
    expect(await auditActions(item.id)).toEqual(["restore", "takedown"]);
    expect((await queue(admin, "?status=removed")).map((i) => i.content_id)).not.toContain(item.id);
    const after = await env.DB.prepare("select removed_at, removed_note, removed_by from content where id = ?1")
      .bind(item.id)
      .first();
    expect(after).toEqual({ removed_at: null, removed_note: null, removed_by: null });
  });

  it("answers 404 for an unknown item and 400 for a bad action or note", async () => {
    const admin = await signedInBrowser("admin@example.com");
    expect((await onItem(admin, "01ARZ3NDEKTSV4RRFFQ69G5FAV", "takedown")).status).toBe(404);
    const item = await makeContent((await makeUser()).id);
    expect((await onItem(admin, item.id, "delete")).status).toBe(400);
    expect((await onItem(admin, item.id, "takedown", "x".repeat(501))).status).toBe(400);
    expect(await auditActions(item.id)).toEqual([]);
  });
});

describe("POST and GET /api/admin/moderation/users/{id}", () => {
  it("suspends and reinstates a member, audited; 409 when it does not apply; the member's record lists reports and actions", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const target = await signedInBrowser(uniqueEmail("target"));
    const targetId = await idOf(target);
    const item = await makeContent(targetId, { title: "Target's item" });
    const other = await makeContent((await makeUser()).id, { title: "Someone else's" });
    const [a] = await reporters(1);
    await report(a!, item.id, "abuse", "Harassment");
    await report(target, other.id, "spam", "Same comment everywhere");

    expect((await onUser(admin, targetId, "unsuspend")).status).toBe(409);
    const res = await onUser(admin, targetId, "suspend", "Harassing other members");
    expect(res.status).toBe(200);
    expect(await res.json<UserModerationResponse>()).toMatchObject({
      user: {
        id: targetId,
        is_admin: false,
        suspended: true,
        suspended_note: "Harassing other members",
        suspended_at: expect.any(String),
      },
      reversed_usd: 0,
    });
    expect((await (await target.fetch("/api/users/me")).json<{ suspended: boolean }>()).suspended).toBe(true);
    const twice = await onUser(admin, targetId, "suspend");
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ code: "already_suspended" });
    expect(await auditActions(targetId)).toEqual(["suspend"]);
    const listed = await (await admin.fetch("/api/admin/users")).json<{ id: string; suspended: boolean }[]>();
    expect(listed.find((u) => u.id === targetId)?.suspended).toBe(true);

    await tick();
    await onItem(admin, item.id, "takedown", "Harassment in the title");
    const record = await (await admin.fetch(`/api/admin/moderation/users/${targetId}`)).json<ModerationUserResponse>();
    expect(record.user).toMatchObject({ id: targetId, suspended: true });
    expect(record.reports_received).toEqual([
      expect.objectContaining({
        content_id: item.id,
        title: "Target's item",
        reason: "abuse",
        note: "Harassment",
        status: "actioned",
      }),
    ]);
    expect(record.reports_made).toEqual([
      expect.objectContaining({ content_id: other.id, reason: "spam", status: "open" }),
    ]);
    expect(record.actions.map((x) => [x.action, x.entity, x.note, x.actor_email])).toEqual([
      ["takedown", "content", "Harassment in the title", "admin@example.com"],
      ["suspend", "user", "Harassing other members", "admin@example.com"],
    ]);

    const back = await onUser(admin, targetId, "unsuspend", "Appeal accepted");
    expect(back.status).toBe(200);
    expect((await back.json<UserModerationResponse>()).user).toMatchObject({
      suspended: false,
      suspended_note: null,
      suspended_at: null,
    });
    expect(await auditActions(targetId)).toEqual(["suspend", "unsuspend"]);
  });

  it("refuses to suspend an administrator, oneself included, with 403 and no audit row", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const adminId = await idOf(admin);
    const res = await onUser(admin, adminId, "suspend", "oops");
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "admin_account", error: "Administrators cannot be suspended" });
    expect(await auditActions(adminId)).not.toContain("suspend");
    expect((await (await admin.fetch("/api/users/me")).json<{ suspended: boolean }>()).suspended).toBe(false);
    // The member page says so, so the dashboard never offers Suspend for an administrator.
    const page = await (await admin.fetch(`/api/admin/moderation/users/${adminId}`)).json<ModerationUserResponse>();
    expect(page.user).toMatchObject({ is_admin: true, suspended: false });
  });

  it("answers 404 for an unknown member", async () => {
    const admin = await signedInBrowser("admin@example.com");
    expect((await admin.fetch("/api/admin/moderation/users/01ARZ3NDEKTSV4RRFFQ69G5FAV")).status).toBe(404);
    expect((await onUser(admin, "01ARZ3NDEKTSV4RRFFQ69G5FAV", "suspend")).status).toBe(404);
    expect((await onUser(admin, "01ARZ3NDEKTSV4RRFFQ69G5FAV", "ban")).status).toBe(400);
  });
});
