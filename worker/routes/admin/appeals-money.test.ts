import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AppealCreatedResponse } from "../../../common/schemas/appeals";
import { walletParts } from "../../db/queries/wallet/wallet";
import { creditQualifiedViews } from "../../domain/earnings/credit-views";
import { balancesOf } from "../../domain/wallet/balances";
import { makeContent, makeQualifiedView, makeUser, testDb } from "../../test/factories";
import { signedInBrowser, uniqueEmail, type Browser } from "../../test/http";

// Sending an appeal moves no money (docs/decisions/092). Granting it is the admin's restore or unsuspend, which
// also gives back, held again, exactly the rewards that action reversed, both sides (docs/decisions/096); a plain
// restore gives back visibility only (027). Deciding again changes nothing.

const DAY_MS = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const LONG_AGO = "2020-01-01T00:00:00.000Z";

const settle = (at = Date.now()) => creditQualifiedViews(testDb(), iso(at), 25, 100);
const wallet = async (userId: string) => balancesOf((await walletParts(testDb(), userId, iso(Date.now()))).parts);
const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const counts = async (viewIds: string[]) =>
  env.DB.prepare(
    `select (select count(*) from reversals where view_id in (select value from json_each(?1))) as reversals,
       (select count(*) from earnings where view_id in (select value from json_each(?1))) as earnings`,
  )
    .bind(JSON.stringify(viewIds))
    .first<{ reversals: number; earnings: number }>();

/** A creator whose item has one available and one held paid view, taken down by an admin. */
async function paidItemTakenDown(admin: Browser) {
  const creator = await signedInBrowser(uniqueEmail("creator"));
  const creatorId = await idOf(creator);
  await env.DB.prepare("update users set created_at = ?2 where id = ?1").bind(creatorId, LONG_AGO).run();
  const [early, late] = [await makeUser({ createdAt: LONG_AGO }), await makeUser({ createdAt: LONG_AGO })];
  const item = await makeContent(creatorId, { durationMs: 20_000 });
  const availableView = await makeQualifiedView(early.id, item);
  await settle(Date.now() - 8 * DAY_MS);
  const heldView = await makeQualifiedView(late.id, item);
  await settle();
  expect(
    (await admin.json(`/api/admin/moderation/content/${item.id}`, "POST", { action: "takedown", note: "x" })).status,
  ).toBe(200);
  const takedown = (await env.DB.prepare("select id from audit_log where entity_id = ?1 and action = 'takedown'")
    .bind(item.id)
    .first<{ id: string }>())!.id;
  return { creator, creatorId, early, late, item, takedown, views: [availableView, heldView] };
}

const wallets = async (s: Awaited<ReturnType<typeof paidItemTakenDown>>) => ({
  creator: await wallet(s.creatorId),
  early: await wallet(s.early.id),
  late: await wallet(s.late.id),
});

describe("a granted appeal and money", () => {
  it("gives back, held again, what the takedown reversed (a plain restore does not), and only once", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const appealed = await paidItemTakenDown(admin);
    const restored = await paidItemTakenDown(admin);
    const afterTakedown = await wallets(appealed);
    // The takedown reversed the held view's rewards, both sides; the available one stays.
    expect(afterTakedown).toEqual(await wallets(restored));
    expect(afterTakedown.creator).toMatchObject({ creatorBalance: 3000, available: 3000, pending: 0 });
    expect(afterTakedown.late).toMatchObject({ viewerBalance: 0, pending: 0 });

    const sent = await appealed.creator.json("/api/appeals", "POST", {
      action_id: appealed.takedown,
      text: "Please look again at this item.",
    });
    expect(sent.status).toBe(201);
    const { appeal } = await sent.json<AppealCreatedResponse>();
    // Sending an appeal moves nothing.
    expect(await wallets(appealed)).toEqual(afterTakedown);

    const decide = () =>
      admin.json(`/api/admin/appeals/${appeal.id}/decision`, "POST", { outcome: "reversed", note: "Our mistake" });
    expect((await decide()).status).toBe(200);
    expect(
      (await admin.json(`/api/admin/moderation/content/${restored.item.id}`, "POST", { action: "restore", note: "" }))
        .status,
    ).toBe(200);
    // A plain restore leaves the takedown's reversals in force.
    expect(await wallets(restored)).toEqual(afterTakedown);
    // The granted appeal gives the held view's two rewards back as new rows, pending again: both sides.
    const granted = await wallets(appealed);
    expect(granted.creator).toMatchObject({ creatorBalance: 6000, available: 3000, pending: 3000 });
    expect(granted.late).toMatchObject({ viewerBalance: 3000, pending: 3000 });
    expect(granted.early).toEqual(afterTakedown.early);
    const rows = await counts(appealed.views);
    expect(rows).toEqual({ reversals: 2, earnings: 6 });
    expect(await counts(restored.views)).toEqual({ reversals: 2, earnings: 4 });

    // Deciding again, either way, is refused and writes nothing.
    expect((await decide()).status).toBe(409);
    expect((await admin.json(`/api/admin/appeals/${appeal.id}/decision`, "POST", { outcome: "upheld" })).status).toBe(
      409,
    );
    expect(await wallets(appealed)).toEqual(granted);
    expect(await counts(appealed.views)).toEqual(rows);
    const audits = await env.DB.prepare("select count(*) as n from audit_log where entity_id in (?1, ?2)")
      .bind(appealed.item.id, appeal.id)
      .first<{ n: number }>();
    expect(audits!.n).toBe(3); // takedown, restore, appeal_reversed

    // The item pays again from now on, as after any restore.
    await makeQualifiedView((await makeUser({ createdAt: LONG_AGO })).id, appealed.item);
    await settle();
    expect((await wallet(appealed.creatorId)).pending).toBe(6000);
  });

  it("two admins reversing at once: one restore, one 409", async () => {
    const [a, b] = [await signedInBrowser("admin@example.com"), await signedInBrowser("admin@example.com")];
    const s = await paidItemTakenDown(a);
    const { appeal } = await (
      await s.creator.json("/api/appeals", "POST", { action_id: s.takedown, text: "Please look again at this." })
    ).json<AppealCreatedResponse>();
    const results = await Promise.all(
      [a, b].map((admin) =>
        admin.json(`/api/admin/appeals/${appeal.id}/decision`, "POST", { outcome: "reversed", note: "" }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const restores = await env.DB.prepare(
      "select count(*) as n from audit_log where entity_id = ?1 and action = 'restore'",
    )
      .bind(s.item.id)
      .first<{ n: number }>();
    expect(restores!.n).toBe(1);
  });

  it("an uphold racing a reversal: exactly one wins, and an upheld appeal's item stays down", async () => {
    const [a, b] = [await signedInBrowser("admin@example.com"), await signedInBrowser("admin@example.com")];
    const s = await paidItemTakenDown(a);
    const { appeal } = await (
      await s.creator.json("/api/appeals", "POST", { action_id: s.takedown, text: "Please look again at this." })
    ).json<AppealCreatedResponse>();
    const [upheld, reversed] = await Promise.all([
      a.json(`/api/admin/appeals/${appeal.id}/decision`, "POST", { outcome: "upheld" }),
      b.json(`/api/admin/appeals/${appeal.id}/decision`, "POST", { outcome: "reversed" }),
    ]);
    expect([upheld.status, reversed.status].sort()).toEqual([200, 409]);
    const row = await env.DB.prepare(
      "select p.status, c.removed_at is not null as removed from appeals p, content c where p.id = ?1 and c.id = ?2",
    )
      .bind(appeal.id, s.item.id)
      .first<{ status: string; removed: number }>();
    expect(row).toEqual(upheld.status === 200 ? { status: "upheld", removed: 1 } : { status: "reversed", removed: 0 });
  });
});
