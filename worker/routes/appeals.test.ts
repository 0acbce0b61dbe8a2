import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type {
  AdminAppealsResponse,
  AppealCreatedResponse,
  AppealDecisionResponse,
  MyAppealsResponse,
} from "../../common/schemas/appeals";
import type { NotificationsJson } from "../../common/schemas/notifications";
import { APPEALS_PER_HOUR } from "../middleware/rate-limit";
import { makeContent } from "../test/factories";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";

// Appeals (docs/decisions/092): a member appeals a takedown of their item or their suspension, once per action;
// an admin upholds or reverses; the member is told on the bell either way.

const DAY_MS = 24 * 3600_000;
const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const onItem = (admin: Browser, id: string, action: string, note = "") =>
  admin.json(`/api/admin/moderation/content/${id}`, "POST", { action, note });
const onUser = (admin: Browser, id: string, action: string, note = "") =>
  admin.json(`/api/admin/moderation/users/${id}`, "POST", { action, note });
const appeal = (b: Browser, actionId: string, text = "This is my own film, please look again.") =>
  b.json("/api/appeals", "POST", { action_id: actionId, text });
const decide = (admin: Browser, appealId: string, outcome: string, note = "") =>
  admin.json(`/api/admin/appeals/${appealId}/decision`, "POST", { outcome, note });
const myActions = async (b: Browser) => (await (await b.fetch("/api/me/appeals")).json<MyAppealsResponse>()).actions;
const adminList = async (admin: Browser, status = "open") =>
  (await (await admin.fetch(`/api/admin/appeals?status=${status}`)).json<AdminAppealsResponse>()).appeals;
const bell = async (b: Browser) =>
  (await (await b.fetch("/api/me/notifications")).json<NotificationsJson>()).items.filter((n) =>
    n.kind.startsWith("appeal_"),
  );
const actionId = async (entityId: string, action: string) =>
  (await env.DB.prepare(
    "select id from audit_log where entity_id = ?1 and action = ?2 order by created_at desc limit 1",
  )
    .bind(entityId, action)
    .first<{ id: string }>())!.id;

/** A creator with one item an admin took down (after a report), and the takedown's id. */
async function takenDown(note = "Copied from another channel") {
  const admin = await signedInBrowser("admin@example.com");
  const creator = await signedInBrowser(uniqueEmail("creator"));
  const item = await makeContent(await idOf(creator));
  const reporter = await signedInBrowser(uniqueEmail("reporter"));
  expect(
    (await reporter.json(`/api/content/${item.id}/report`, "POST", { reason: "copyright", note: "My video" })).status,
  ).toBe(201);
  expect((await onItem(admin, item.id, "takedown", note)).status).toBe(200);
  return { admin, creator, item, takedownId: await actionId(item.id, "takedown") };
}

describe("POST /api/appeals", () => {
  it("opens an appeal of a takedown once; a second appeal of the same action is refused", async () => {
    const { creator, item, takedownId } = await takenDown();
    const [listed] = await myActions(creator);
    expect(listed).toMatchObject({
      action_id: takedownId,
      action: "takedown",
      content_id: item.id,
      title: item.title,
      note: "Copied from another channel",
      in_force: true,
      can_appeal: true,
      appeal: null,
    });
    const res = await appeal(creator, takedownId, "  <b>Mine</b> 🎬 — I filmed this myself.  ");
    expect(res.status).toBe(201);
    const { appeal: created } = await res.json<AppealCreatedResponse>();
    expect(created).toMatchObject({ text: "<b>Mine</b> 🎬 — I filmed this myself.", status: "open", decided_at: null });
    expect((await myActions(creator))[0]).toMatchObject({
      can_appeal: false,
      appeal: { id: created.id, status: "open" },
    });

    const again = await appeal(creator, takedownId);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: "You have already appealed this action",
      code: "already_appealed",
    });
  });

  it("refuses bad input with 400, another member's action with 404, and an action that is no takedown with 400", async () => {
    const { admin, creator, item, takedownId } = await takenDown();
    for (const [body, error] of [
      [{ action_id: takedownId, text: "too short" }, "text: text must be at least 10 characters"],
      [{ action_id: takedownId, text: "x".repeat(2001) }, "text: text must be at most 2000 characters"],
      [{ action_id: takedownId, text: 42 }, "text: text must be text"],
      [{ action_id: "nope", text: "a long enough text" }, "action_id: action_id must be a moderation action id"],
      [{ text: "a long enough text" }, "action_id: action_id is required"],
    ] as const) {
      const res = await creator.json("/api/appeals", "POST", body);
      expect(res.status, error).toBe(400);
      expect(await res.json()).toMatchObject({ error, code: "invalid_input" });
    }
    const stranger = await signedInBrowser(uniqueEmail("stranger"));
    expect((await appeal(stranger, takedownId)).status).toBe(404);
    expect((await appeal(creator, "01ARZ3NDEKTSV4RRFFQ69G5FAV")).status).toBe(404);
    // A dismissal of reports on the creator's own item is an action on it, but not one against them.
    const reporter = await signedInBrowser(uniqueEmail("reporter"));
    const other = await makeContent(await idOf(creator));
    await reporter.json(`/api/content/${other.id}/report`, "POST", { reason: "spam" });
    expect((await onItem(admin, other.id, "dismiss")).status).toBe(200);
    const res = await appeal(creator, await actionId(other.id, "dismiss"));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "not_appealable" });
    expect((await myActions(creator)).map((a) => a.content_id)).toEqual([item.id]);
    expect(
      (await new Browser().json("/api/appeals", "POST", { action_id: takedownId, text: "x".repeat(20) })).status,
    ).toBe(401);
  });

  it("refuses an action already undone, and one older than 30 days", async () => {
    const { admin, creator, item, takedownId } = await takenDown();
    expect((await onItem(admin, item.id, "restore")).status).toBe(200);
    const undone = await appeal(creator, takedownId);
    expect(undone.status).toBe(409);
    expect(await undone.json()).toMatchObject({ code: "action_undone" });
    expect((await myActions(creator))[0]).toMatchObject({ in_force: false, can_appeal: false });

    const old = await takenDown();
    await env.DB.prepare("update audit_log set created_at = ?2 where id = ?1")
      .bind(old.takedownId, new Date(Date.now() - 31 * DAY_MS).toISOString())
      .run();
    expect((await myActions(old.creator))[0]).toMatchObject({ in_force: true, can_appeal: false });
    const late = await appeal(old.creator, old.takedownId);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({
      error: "Appeals can only be sent within 30 days of the action",
      code: "appeal_window_closed",
    });
  });

  it("lets a suspended member appeal their suspension, while their other writes stay refused", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const member = await signedInBrowser(uniqueEmail("member"));
    const memberId = await idOf(member);
    expect((await onUser(admin, memberId, "suspend", "Spam comments")).status).toBe(200);
    const suspension = await actionId(memberId, "suspend");
    expect((await myActions(member))[0]).toMatchObject({
      action: "suspend",
      content_id: null,
      note: "Spam comments",
      can_appeal: true,
    });
    expect((await appeal(member, suspension)).status).toBe(201);
    // Still suspended: a report is refused as before.
    const item = await makeContent(await signedInBrowser(uniqueEmail("c")).then(idOf));
    expect((await member.json(`/api/content/${item.id}/report`, "POST", { reason: "spam" })).status).toBe(403);
  });

  it(`allows ${APPEALS_PER_HOUR} appeals an hour per member, counting only well-formed ones`, async () => {
    const creator = await signedInBrowser(uniqueEmail("busy"));
    expect((await creator.json("/api/appeals", "POST", { action_id: "x", text: "" })).status).toBe(400);
    for (let i = 0; i < APPEALS_PER_HOUR; i++)
      expect((await appeal(creator, "01ARZ3NDEKTSV4RRFFQ69G5FAV")).status).toBe(404);
    expect((await appeal(creator, "01ARZ3NDEKTSV4RRFFQ69G5FAV")).status).toBe(429);
  });
});

describe("admin appeals", () => {
  it("lists an open appeal with the action, its note, who acted, and the reports behind it", async () => {
    const { admin, creator, item, takedownId } = await takenDown("Not yours");
    const { appeal: sent } = await (await appeal(creator, takedownId)).json<AppealCreatedResponse>();
    const listed = (await adminList(admin)).find((a) => a.id === sent.id);
    expect(listed).toMatchObject({
      status: "open",
      text: sent.text,
      member: { id: await idOf(creator), suspended: false },
      action: {
        id: takedownId,
        action: "takedown",
        note: "Not yours",
        actor_email: "admin@example.com",
        content: { id: item.id, title: item.title, removed: true, deleted: false },
      },
      reports: [{ reason: "copyright", note: "My video" }],
    });
    const viewer = await signedInBrowser(uniqueEmail("viewer"));
    expect((await viewer.fetch("/api/admin/appeals")).status).toBe(403);
    expect((await decide(viewer, sent.id, "reversed")).status).toBe(403);
    expect((await admin.fetch("/api/admin/appeals?status=closed")).status).toBe(400);
  });

  it("upholds: the item stays down, the member is told, and a second decision is refused", async () => {
    const { admin, creator, item, takedownId } = await takenDown();
    const { appeal: sent } = await (await appeal(creator, takedownId)).json<AppealCreatedResponse>();
    const res = await decide(admin, sent.id, "upheld", "The music is not yours");
    expect(res.status).toBe(200);
    expect((await res.json<AppealDecisionResponse>()).appeal).toMatchObject({
      status: "upheld",
      decision_note: "The music is not yours",
      decided_by_email: "admin@example.com",
      action: { content: { removed: true } },
    });
    expect((await myActions(creator))[0]!.appeal).toMatchObject({
      status: "upheld",
      decision_note: "The music is not yours",
    });
    expect(await bell(creator)).toEqual([
      expect.objectContaining({ kind: "appeal_upheld", subject_id: item.id, detail: item.title }),
    ]);
    expect((await adminList(admin)).some((a) => a.id === sent.id)).toBe(false);
    expect((await adminList(admin, "decided")).find((a) => a.id === sent.id)).toMatchObject({ status: "upheld" });
    for (const outcome of ["upheld", "reversed"]) {
      const again = await decide(admin, sent.id, outcome);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({
        error: "This appeal has already been decided",
        code: "appeal_decided",
      });
    }
    expect((await creator.fetch(`/api/content/${item.id}`)).status).toBe(200);
    expect((await new Browser().fetch(`/api/content/${item.id}`)).status).toBe(404);
    expect(await bell(creator)).toHaveLength(1);
  });

  it("reverses a takedown: the item is restored by the restore itself, audited, and the member told once", async () => {
    const { admin, creator, item, takedownId } = await takenDown();
    const { appeal: sent } = await (await appeal(creator, takedownId)).json<AppealCreatedResponse>();
    const res = await decide(admin, sent.id, "reversed", "Sorry, our mistake");
    expect(res.status).toBe(200);
    expect((await res.json<AppealDecisionResponse>()).appeal).toMatchObject({
      status: "reversed",
      decision_note: "Sorry, our mistake",
      action: { content: { removed: false } },
    });
    expect((await new Browser().fetch(`/api/content/${item.id}`)).status).toBe(200);
    const audits = (
      await env.DB.prepare("select action, entity from audit_log where entity_id in (?1, ?2) order by action")
        .bind(item.id, sent.id)
        .all<{ action: string; entity: string }>()
    ).results;
    expect(audits).toEqual([
      { action: "appeal_reversed", entity: "appeal" },
      { action: "restore", entity: "content" },
      { action: "takedown", entity: "content" },
    ]);
    // The bell tells the granted appeal, not a second "restored" line.
    const kinds = (await (await creator.fetch("/api/me/notifications")).json<NotificationsJson>()).items.map(
      (n) => n.kind,
    );
    expect(kinds).toContain("appeal_granted");
    expect(kinds).not.toContain("item_restored");
    expect((await decide(admin, sent.id, "reversed")).status).toBe(409);
    expect((await decide(admin, "01ARZ3NDEKTSV4RRFFQ69G5FAV", "reversed")).status).toBe(404);
    expect((await decide(admin, sent.id, "granted")).status).toBe(400);
  });

  it("reverses a suspension: the member is reinstated and told, with the note", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const member = await signedInBrowser(uniqueEmail("member"));
    const memberId = await idOf(member);
    await onUser(admin, memberId, "suspend", "Spam");
    const { appeal: sent } = await (
      await appeal(member, await actionId(memberId, "suspend"))
    ).json<AppealCreatedResponse>();
    expect((await decide(admin, sent.id, "reversed", "Cleared after review")).status).toBe(200);
    expect(await (await member.fetch("/api/users/me")).json()).toMatchObject({ suspended: false });
    expect(await bell(member)).toEqual([
      expect.objectContaining({ kind: "appeal_granted", subject_id: null, detail: "Cleared after review" }),
    ]);
  });

  it("an action undone another way closes its open appeal as moot", async () => {
    const { admin, creator, item, takedownId } = await takenDown();
    const { appeal: sent } = await (await appeal(creator, takedownId)).json<AppealCreatedResponse>();
    expect((await onItem(admin, item.id, "restore", "Restored after a second look")).status).toBe(200);
    expect((await myActions(creator))[0]!.appeal).toMatchObject({ status: "moot" });
    expect((await adminList(admin)).some((a) => a.id === sent.id)).toBe(false);
    expect((await decide(admin, sent.id, "upheld")).status).toBe(409);
    // Taken down again: a new action, appealable anew.
    expect((await onItem(admin, item.id, "takedown", "Again")).status).toBe(200);
    expect((await myActions(creator))[0]).toMatchObject({ can_appeal: true, appeal: null });
    expect(await bell(creator)).toEqual([]);
  });
});

describe("appeal text under the one rule for what members type (docs/decisions/106)", () => {
  it("refuses an appeal of invisible characters in words, and the member may still appeal with words", async () => {
    const { creator, takedownId } = await takenDown();
    for (const [text, error] of [
      [`   ${"\u200b".repeat(11)}`, "text: text must be at least 10 characters"],
      ["\u2060\u200e\u200f\u00ad".repeat(3), "text: text must be at least 10 characters"],
      // Bidi isolates show text in another order: refused as unshowable (docs/decisions/108).
      ["\u2066\u2069\u200e\u200f\u00ad".repeat(3), "text: text contains characters that cannot be shown"],
      ["Please look \ud83d again, it is mine", "text: text contains characters that cannot be shown"],
      ["Please look\u0000again, it is mine", "text: text contains characters that cannot be shown"],
      ["😀".repeat(1001), "text: text must be at most 2000 characters"],
    ] as const) {
      const res = await appeal(creator, takedownId, text);
      expect(res.status, error).toBe(400);
      expect(await res.json()).toMatchObject({ error, code: "invalid_input" });
    }
    const words = "C'est mon film 🎬 — 北極光 — שלום. <b>Please</b> look again.";
    const res = await appeal(creator, takedownId, words);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({ appeal: { text: words } });
  });
});
