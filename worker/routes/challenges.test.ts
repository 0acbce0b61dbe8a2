import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminChallengesResponse } from "../../common/schemas/admin-challenges";
import type { ChallengeJson, ChallengeProgressResponse } from "../../common/schemas/challenges";
import type { WalletJson } from "../../common/schemas/wallet";
import { makeContent } from "../test/factories";
import { signedInBrowser, uniqueEmail, type Browser } from "../test/http";
import { publishFixture } from "../test/uploads";
import { givePaidHistory } from "../test/members";
import { watchPaced } from "../test/views";

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const progress = async (b: Browser) => (await b.fetch("/api/challenges/progress")).json<ChallengeProgressResponse>();
const calculate = (b: Browser) => b.fetch("/api/earnings/calculate", { method: "POST" });

let admin: Browser;
async function createChallenge(body: object) {
  const res = await admin.json("/api/admin/challenges", "POST", body);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<ChallengeJson>();
}

/** A qualified view of `contentId` by `viewer`, watched at normal speed, from the given device and IP. */
async function watch(viewer: Browser, contentId: string, device = { fingerprint: "fp", ip: "" }, durationMs = 10_000) {
  expect((await watchPaced(viewer, await idOf(viewer), contentId, durationMs, { device })).qualified).toBe(true);
}

beforeEach(async () => {
  // Each test sets up the only active challenges, so new users are enrolled in exactly those.
  await env.DB.prepare("update challenges set is_active = 0").run();
  admin = await signedInBrowser("admin@example.com");
});

describe("sign-on challenges", () => {
  it("tracks streams, creates the bonus once complete, and the job awards it into the wallet", async () => {
    await createChallenge({
      name: "Watch two",
      description: "Watch two items",
      requirement_type: "streams_completed",
      requirement_value: 2,
      bonus_amount: 50,
    });
    const creator = await signedInBrowser(uniqueEmail("creator"));
    const items = [
      await makeContent(await idOf(creator), { durationMs: 10_000 }),
      await makeContent(await idOf(creator), { durationMs: 10_000 }),
    ];
    const viewer = await signedInBrowser(uniqueEmail("viewer"));
    const before = await progress(viewer);
    expect(before.progress).toHaveLength(1);
    expect(before.progress[0]).toMatchObject({
      is_completed: false,
      progress_value: 0,
      challenge: { requirement_value: 2, bonus_amount: 50 },
    });
    expect(before.timeRemaining).toBeGreaterThan(23.9);
    expect(before.bonus).toBeNull();

    await watch(viewer, items[0]!.id);
    await watch(viewer, items[0]!.id); // the same item again does not count twice
    expect((await progress(viewer)).progress[0]).toMatchObject({ progress_value: 1, is_completed: false });
    await watch(viewer, items[1]!.id);
    const done = await progress(viewer);
    expect(done.progress[0]).toMatchObject({ progress_value: 2, is_completed: true });
    expect(done.bonus).toBeNull(); // pending until the earnings job awards it

    await Promise.all(Array.from({ length: 10 }, () => calculate(viewer)));
    expect((await progress(viewer)).bonus).toEqual({ total_bonus_amount: 50 });
    const rows = await env.DB.prepare("select status from bonuses where user_id = ?")
      .bind(await idOf(viewer))
      .all();
    expect(rows.results).toEqual([{ status: "awarded" }]);
    const wallet = await (await viewer.fetch("/api/me/wallet")).json<WalletJson>();
    expect(wallet.bonuses).toBe(50);
    expect(wallet.viewer_balance).toBeCloseTo(50.009, 6);
  });

  it("counts finalized uploads", async () => {
    await createChallenge({
      name: "Upload one",
      description: "Upload",
      requirement_type: "content_uploaded",
      requirement_value: 1,
      bonus_amount: 10,
    });
    const user = await signedInBrowser(uniqueEmail());
    await publishFixture(user, "tiny.mp4");
    expect((await progress(user)).progress[0]).toMatchObject({ progress_value: 1, is_completed: true });
  });

  it("counts views on each upload unique across users, IPs and devices within 24 hours", async () => {
    await createChallenge({
      name: "Two viewers",
      description: "Views",
      requirement_type: "min_views_per_content",
      requirement_value: 2,
      bonus_amount: 10,
    });
    const creator = await signedInBrowser(uniqueEmail("creator"));
    const first = await publishFixture(creator, "clip-6s.mp4");
    expect((await progress(creator)).progress[0]!.progress_value).toBe(0);
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => signedInBrowser(uniqueEmail("v"))));
    // Real certifiers (decision 065): older than a week, paid by several creators.
    for (const v of [a!, b!, c!]) await givePaidHistory(await idOf(v));
    // Two users on the same IP count once.
    await watch(a!, first, { fingerprint: "device-a", ip: "198.51.100.1" }, 6000);
    await watch(b!, first, { fingerprint: "device-b", ip: "198.51.100.1" }, 6000);
    expect((await progress(creator)).progress[0]!.progress_value).toBe(1);
    await watch(c!, first, { fingerprint: "device-c", ip: "198.51.100.2" }, 6000);
    expect((await progress(creator)).progress[0]).toMatchObject({ progress_value: 2, is_completed: true });
  });

  it("takes the weakest upload, and views after the upload's first 24 hours do not count", async () => {
    await createChallenge({
      name: "One viewer",
      description: "Views",
      requirement_type: "min_views_per_content",
      requirement_value: 1,
      bonus_amount: 10,
    });
    const creator = await signedInBrowser(uniqueEmail("creator"));
    const id = await publishFixture(creator, "clip-6s.mp4");
    await env.DB.prepare("update content set created_at = ? where id = ?")
      .bind(new Date(Date.now() - 25 * 3600_000).toISOString(), id)
      .run();
    const viewer = await signedInBrowser(uniqueEmail("v"));
    await watch(viewer, id, { fingerprint: "d1", ip: "198.51.100.9" }, 6000);
    expect((await progress(creator)).progress[0]!.progress_value).toBe(0);
  });

  it("does not complete after the window and enrols no one in disabled challenges", async () => {
    await createChallenge({
      name: "Upload",
      description: "Upload",
      requirement_type: "content_uploaded",
      requirement_value: 1,
      bonus_amount: 10,
    });
    await createChallenge({
      name: "Off",
      description: "Disabled",
      requirement_type: "content_uploaded",
      requirement_value: 1,
      bonus_amount: 10,
      is_active: false,
    });
    const user = await signedInBrowser(uniqueEmail());
    expect((await progress(user)).progress).toHaveLength(1);
    await env.DB.prepare("update challenge_progress set deadline_at = ? where user_id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), await idOf(user))
      .run();
    await publishFixture(user, "tiny.mp4");
    const after = await progress(user);
    expect(after.progress[0]).toMatchObject({ is_completed: false });
    expect(after.timeRemaining).toBeLessThanOrEqual(0);
    expect(
      await env.DB.prepare("select count(*) as n from bonuses where user_id = ?")
        .bind(await idOf(user))
        .first(),
    ).toEqual({ n: 0 });
  });

  it("applies a changed challenge only to users enrolled afterwards", async () => {
    const ch = await createChallenge({
      name: "Watch",
      description: "Watch",
      requirement_type: "streams_completed",
      requirement_value: 5,
      bonus_amount: 20,
    });
    const early = await signedInBrowser(uniqueEmail("early"));
    const res = await admin.json(`/api/admin/challenges/${ch.id}`, "PATCH", { requirement_value: 7, bonus_amount: 30 });
    expect(res.status).toBe(200);
    const late = await signedInBrowser(uniqueEmail("late"));
    expect((await progress(early)).progress[0]!.challenge).toMatchObject({ requirement_value: 5, bonus_amount: 20 });
    expect((await progress(late)).progress[0]!.challenge).toMatchObject({ requirement_value: 7, bonus_amount: 30 });
  });
});

describe("admin challenges", () => {
  it("fills in the spec's defaults and lists challenges with the bonus history", async () => {
    const ch = await createChallenge({ name: "Defaults", description: "All defaults" });
    expect(ch).toMatchObject({
      requirement_type: "streams_completed",
      requirement_value: 10,
      bonus_amount: 10,
      time_limit_hours: 24,
      is_active: true,
    });
    const list = await (await admin.fetch("/api/admin/challenges")).json<AdminChallengesResponse>();
    expect(list.challenges.map((c) => c.id)).toContain(ch.id);
    expect(list.summary.successRate).toBeGreaterThanOrEqual(0);
    const audit = await env.DB.prepare("select action from audit_log where entity = 'challenge' and entity_id = ?")
      .bind(ch.id)
      .all();
    expect(audit.results).toEqual([{ action: "create" }]);
  });

  it("refuses bad values with clear 400s", async () => {
    for (const [body, error] of [
      [{ description: "x" }, "name: name is required"],
      [{ name: "x", description: "" }, "description: description is required"],
      [
        { name: "x", description: "x", requirement_value: 0 },
        "requirement_value: requirement_value must be at least 1",
      ],
      [
        { name: "x", description: "x", requirement_value: 1.5 },
        "requirement_value: requirement_value must be a whole number",
      ],
      [{ name: "x", description: "x", bonus_amount: -1 }, "bonus_amount: bonus_amount must be 0 or more"],
      [{ name: "x", description: "x", bonus_amount: 1.234 }, "bonus_amount: bonus_amount must have at most 2 decimals"],
      [{ name: "x", description: "x", time_limit_hours: 0 }, "time_limit_hours: time_limit_hours must be at least 1"],
      [
        { name: "x", description: "x", time_limit_hours: 10_000 },
        "time_limit_hours: time_limit_hours must be at most 8,760 (a year)",
      ],
      [
        { name: "x", description: "x", requirement_value: 10_001 },
        "requirement_value: requirement_value must be at most 10,000",
      ],
      [{ name: "x", description: "x", time_limit_hours: "72" }, "time_limit_hours: time_limit_hours must be a number"],
      [
        { name: "x", description: "x", requirement_type: "likes" },
        "requirement_type: requirement_type must be streams_completed, content_uploaded or min_views_per_content",
      ],
    ] as const) {
      const res = await admin.json("/api/admin/challenges", "POST", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ error: string }>()).error).toBe(error);
    }
    expect((await admin.json("/api/admin/challenges/01ARZ3NDEKTSV4RRFFQ69G5FAV", "PATCH", { name: "x" })).status).toBe(
      404,
    );
    const ch = await createChallenge({ name: "x", description: "x" });
    expect((await admin.json(`/api/admin/challenges/${ch.id}`, "PATCH", {})).status).toBe(400);
  });
});
