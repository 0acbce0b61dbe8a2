import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminContext } from "../../test/admin-calls";
import { makeUser, testDb } from "../../test/factories";
import { getAdFigures } from "../ads/ad-figures";
import { decideAppeal, listAppeals } from "../appeals/decide-appeal";
import { changeChallenge, createChallenge, listChallenges } from "../challenges/admin-challenges";
import { reviewBonus } from "../challenges/review-bonus";
import { getSiteEarningsCalendar } from "../earnings/earnings-calendar";
import { getMemberModeration, listModerationQueue } from "../moderation/moderation-queue";
import { decideReview } from "../reviews/decide-review";
import { sweepReviews } from "../reviews/sweep";
import { AD_DEFAULTS } from "../settings/ad-settings";
import { changeSetting } from "../settings/change-setting";
import type { AdminContext } from "./admin-context";
import {
  listAnalytics,
  listAuditLog,
  listFraudFlags,
  listManualBonuses,
  listManualEarnings,
  listMembers,
  listPayments,
} from "./admin-lists";

// Each admin service checks its caller itself (docs/decisions/041): called directly with a member's context,
// as a script or a future route might, it refuses (403) before reading or writing anything. An unknown id
// proves the order: without the check it would answer not_found instead.

const UNKNOWN_ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
const member = async (): Promise<AdminContext> => ({
  db: testDb(),
  actor: { id: (await makeUser()).id, isAdmin: false },
});
const auditRowsBy = async (actorId: string) =>
  (await env.DB.prepare("select count(*) as n from audit_log where actor_id = ?1")
    .bind(actorId)
    .first<{ n: number }>())!.n;
const forbidden = { kind: "forbidden" };

describe("admin services refuse a member", () => {
  it("decideReview, reviewBonus and sweepReviews", async () => {
    const ctx = await member();
    await expect(
      decideReview({ ctx, input: { reviewId: UNKNOWN_ID, decision: "reverse", note: "n" } }),
    ).rejects.toMatchObject(forbidden);
    await expect(
      reviewBonus({ ctx, input: { bonusId: UNKNOWN_ID, decision: "approve", note: "n" } }),
    ).rejects.toMatchObject(forbidden);
    await expect(sweepReviews({ ctx, input: null })).rejects.toMatchObject(forbidden);
    expect(await auditRowsBy(ctx.actor.id)).toBe(0);
  });

  it("changeSetting: nothing stored, nothing audited", async () => {
    const ctx = await member();
    const before = await env.DB.prepare("select value from settings where key = 'vast_url'").first<{ value: string }>();
    await expect(
      changeSetting({ ctx, input: { defaults: AD_DEFAULTS, key: "vast_url", value: "https://evil.example/vast.xml" } }),
    ).rejects.toMatchObject(forbidden);
    expect(
      await env.DB.prepare("select value from settings where key = 'vast_url'").first<{ value: string }>(),
    ).toEqual(before);
    expect(await auditRowsBy(ctx.actor.id)).toBe(0);
  });

  it("createChallenge and changeChallenge: no challenge written or changed", async () => {
    const admin = await adminContext();
    const existing = await createChallenge({
      ctx: admin,
      input: {
        name: "Kept",
        description: "Kept",
        requirement_type: "streams_completed",
        requirement_value: 3,
        bonus_amount: 5,
        time_limit_hours: 24,
        is_active: false,
      },
    });
    const ctx = await member();
    const count = async () => (await env.DB.prepare("select count(*) as n from challenges").first<{ n: number }>())!.n;
    const n = await count();
    await expect(
      createChallenge({
        ctx,
        input: {
          name: "Mine",
          description: "Mine",
          requirement_type: "streams_completed",
          requirement_value: 1,
          bonus_amount: 1000,
          time_limit_hours: 24,
          is_active: true,
        },
      }),
    ).rejects.toMatchObject(forbidden);
    await expect(changeChallenge({ ctx, input: { id: existing.id, bonus_amount: 1000 } })).rejects.toMatchObject(
      forbidden,
    );
    expect(await count()).toBe(n);
    expect(await env.DB.prepare("select bonus_micros from challenges where id = ?1").bind(existing.id).first()).toEqual(
      { bonus_micros: 5_000_000 },
    );
    expect(await auditRowsBy(ctx.actor.id)).toBe(0);
  });

  it("the admin lists: members, audit log, fraud flags, manual earnings and bonuses", async () => {
    const ctx = await member();
    await expect(listMembers({ ctx, input: {} })).rejects.toMatchObject(forbidden);
    await expect(listAuditLog({ ctx, input: {} })).rejects.toMatchObject(forbidden);
    await expect(listFraudFlags({ ctx, input: { status: "all" } })).rejects.toMatchObject(forbidden);
    await expect(listManualEarnings({ ctx, input: {} })).rejects.toMatchObject(forbidden);
    await expect(listManualBonuses({ ctx, input: {} })).rejects.toMatchObject(forbidden);
    const admin = await adminContext();
    expect((await listMembers({ ctx: admin, input: {} })).some((m) => m.id === ctx.actor.id)).toBe(true);
  });

  it("the other admin reads: payments, analytics, ad figures, challenges, the calendar, moderation", async () => {
    const ctx = await member();
    await expect(listPayments({ ctx, input: {} })).rejects.toMatchObject(forbidden);
    await expect(listAnalytics({ ctx, input: {} })).rejects.toMatchObject(forbidden);
    await expect(getAdFigures({ ctx, input: {} })).rejects.toMatchObject(forbidden);
    await expect(listChallenges({ ctx, input: {} })).rejects.toMatchObject(forbidden);
    await expect(getSiteEarningsCalendar({ ctx, input: { groupBy: "daily" } })).rejects.toMatchObject(forbidden);
    await expect(listModerationQueue({ ctx, input: { status: "open" } })).rejects.toMatchObject(forbidden);
    await expect(getMemberModeration({ ctx, input: { userId: UNKNOWN_ID } })).rejects.toMatchObject(forbidden);
    const admin = await adminContext();
    await expect(getMemberModeration({ ctx: admin, input: { userId: UNKNOWN_ID } })).rejects.toMatchObject({
      kind: "not_found",
    });
  });

  it("listAppeals and decideAppeal: nothing decided, nothing audited", async () => {
    const ctx = await member();
    await expect(listAppeals({ ctx, input: { status: "open" } })).rejects.toMatchObject(forbidden);
    const asMember = { ...ctx, adminEmails: new Set<string>() };
    for (const outcome of ["upheld", "reversed"] as const) {
      await expect(
        decideAppeal({ ctx: asMember, input: { appealId: UNKNOWN_ID, outcome, note: "" } }),
      ).rejects.toMatchObject(forbidden);
    }
    expect(await auditRowsBy(ctx.actor.id)).toBe(0);
    const admin = { ...(await adminContext()), adminEmails: new Set<string>() };
    await expect(
      decideAppeal({ ctx: admin, input: { appealId: UNKNOWN_ID, outcome: "upheld", note: "" } }),
    ).rejects.toMatchObject({ kind: "not_found" });
  });
});
