import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ReviewJson, ReviewsResponse, ReviewSweepResponse } from "../../../common/schemas/admin-reviews";
import { walletParts } from "../../db/queries/wallet/wallet";
import { balancesOf } from "../../domain/wallet/balances";
import { makeAwardedBonus, reciprocalNewAccounts, viewFrom } from "../../test/bonus";
import { makeContent, makeUser, testDb } from "../../test/factories";
import { newId } from "../../lib/ids";
import { signedInBrowser, type Browser } from "../../test/http";

// The fraud sweep's `bonus_risk` rule (docs/decisions/031): awarded sign-on bonuses still in their hold
// whose risk checks, run again over the permanent facts, find something.

const DAY_MS = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function sweep(admin: Browser) {
  const res = await admin.fetch("/api/admin/reviews/sweep", { method: "POST" });
  expect(res.status).toBe(200);
  return res.json<ReviewSweepResponse>();
}

async function bonusFlags(admin: Browser, userId: string, status = "all") {
  const { reviews } = await (await admin.fetch(`/api/admin/reviews?status=${status}`)).json<ReviewsResponse>();
  return reviews.filter((r) => r.rule === "bonus_risk" && r.users.some((u) => u.id === userId));
}

const balances = async (userId: string, at = Date.now()) =>
  balancesOf((await walletParts(testDb(), userId, iso(at))).parts);
const bonusRow = (id: string) => env.DB.prepare("select * from bonuses where id = ?").bind(id).first();
const decide = (admin: Browser, id: string, decision: "reverse" | "clear", note = "Checked") =>
  admin.json(`/api/admin/reviews/${id}`, "POST", { decision, note });

/** A held awarded bonus of a member whose checks now find reciprocal watching with another new account. */
async function riskyHeldBonus() {
  const admin = await signedInBrowser("admin@example.com");
  const { a } = await reciprocalNewAccounts();
  const bonus = await makeAwardedBonus(a.id);
  await sweep(admin);
  const [flag, ...others] = await bonusFlags(admin, a.id);
  expect(others).toEqual([]);
  return { admin, member: a, bonus, flag: flag! };
}

describe("the bonus_risk sweep rule", () => {
  it("flags a held awarded bonus whose checks now find something, once, with its evidence; it stays pending", async () => {
    const { admin, member, bonus, flag } = await riskyHeldBonus();
    expect(flag).toMatchObject<Partial<ReviewJson>>({
      status: "open",
      title: "Sign-on bonus failed its checks while held",
      amount_usd: 75,
      earnings_count: 0,
      views_count: 0,
    });
    expect(flag.users.map((u) => u.id)).toEqual([member.id]);
    expect(flag.evidence).toEqual([
      "The member and another new account watched each other's items",
      `A $75.00 sign-on bonus awarded ${bonus.awardedAt.slice(0, 10)}, still in holding: nothing was found when it was awarded`,
    ]);
    // A second sweep finds nothing new.
    expect((await bonusFlags(admin, member.id)).length).toBe(1);
    await sweep(admin);
    expect((await bonusFlags(admin, member.id)).length).toBe(1);
    // Under the open flag the bonus stays pending after its hold, and the wallet says no release date for it.
    expect(await balances(member.id, Date.now() + 30 * DAY_MS)).toMatchObject({ pending: 75_000_000, available: 0 });
    expect((await walletParts(testDb(), member.id, iso(Date.now()))).nextReleaseAt).toBeNull();
  });

  it("reverse: one bonus reversal row, the viewer balance drops by the bonus, the bonus row unchanged, once", async () => {
    const { admin, member, bonus, flag } = await riskyHeldBonus();
    const before = await bonusRow(bonus.id);
    expect(await balances(member.id)).toMatchObject({ viewerBalance: 75_000_000, pending: 75_000_000, available: 0 });
    const res = await decide(admin, flag.id, "reverse", "Ring of new accounts");
    expect(res.status).toBe(200);
    expect(await res.json<ReviewJson>()).toMatchObject({ status: "reversed", amount_usd: 75 });
    expect(await balances(member.id)).toMatchObject({ viewerBalance: 0, pending: 0, available: 0 });
    expect(await balances(member.id, Date.now() + 30 * DAY_MS)).toMatchObject({
      viewerBalance: 0,
      pending: 0,
      available: 0,
    });
    expect(await bonusRow(bonus.id)).toEqual(before);
    const rows = await env.DB.prepare(
      "select bonus_id, user_id, amount_micros, reason, review_id from bonus_reversals where bonus_id = ?",
    )
      .bind(bonus.id)
      .all();
    expect(rows.results).toEqual([
      { bonus_id: bonus.id, user_id: member.id, amount_micros: -75_000_000, reason: "bonus_risk", review_id: flag.id },
    ]);
    const audit = await env.DB.prepare("select after from audit_log where entity = 'review' and entity_id = ?")
      .bind(flag.id)
      .first<{ after: string }>();
    expect(JSON.parse(audit!.after)).toMatchObject({ status: "reversed", reversed_micros: 75_000_000 });
    // Settled once.
    expect((await decide(admin, flag.id, "reverse")).status).toBe(409);
    expect(
      (await env.DB.prepare("select count(*) as n from bonus_reversals where bonus_id = ?")
        .bind(bonus.id)
        .first<{ n: number }>())!.n,
    ).toBe(1);
  });

  it("clear: the bonus becomes available when its hold ends, and is not flagged again", async () => {
    const { admin, member, flag } = await riskyHeldBonus();
    expect((await decide(admin, flag.id, "clear", "Siblings")).status).toBe(200);
    expect(await balances(member.id)).toMatchObject({ pending: 75_000_000, available: 0 });
    expect(await balances(member.id, Date.now() + 8 * DAY_MS)).toMatchObject({ pending: 0, available: 75_000_000 });
    await sweep(admin);
    expect((await bonusFlags(admin, member.id, "open")).length).toBe(0);
  });

  it("never flags a bonus already available (payments may have drawn on it), nor a held one with nothing found", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const { a, b } = await reciprocalNewAccounts();
    await makeAwardedBonus(a.id, { awardedAt: iso(Date.now() - 8 * DAY_MS) });
    const clean = await makeUser();
    await makeAwardedBonus(clean.id);
    await sweep(admin);
    expect(await bonusFlags(admin, a.id)).toEqual([]);
    expect(await bonusFlags(admin, clean.id)).toEqual([]);
    expect(await balances(a.id)).toMatchObject({ pending: 0, available: 75_000_000 });
    // The same facts flag b's bonus, which is still held.
    await makeAwardedBonus(b.id);
    await sweep(admin);
    expect((await bonusFlags(admin, b.id)).length).toBe(1);
  });

  it("does not flag a bonus an admin approved over its reasons for those again, only for a new one", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const { a, b } = await reciprocalNewAccounts();
    await makeAwardedBonus(a.id, { reviewReasons: "reciprocal_new_accounts" });
    await sweep(admin);
    expect(await bonusFlags(admin, a.id)).toEqual([]);
    // New: a watched b's item from an address b also watches from.
    const ip = `ip-${newId().slice(10)}`;
    await viewFrom(a.id, await makeContent(b.id, { durationMs: 20_000 }), ip);
    await viewFrom(b.id, await makeContent((await makeUser()).id, { durationMs: 20_000 }), ip);
    await sweep(admin);
    const [flag] = await bonusFlags(admin, a.id);
    expect(flag!.evidence).toEqual([
      "A view counted for the challenges came from an address the other side also watched from",
      expect.stringMatching(
        /: an admin approved it over this — The member and another new account watched each other's items$/,
      ),
    ]);
  });
});
