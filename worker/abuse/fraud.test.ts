import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AdminChallengesResponse } from "../../common/schemas/admin-challenges";
import type { BonusAwardJson } from "../../common/schemas/challenges";
import type { EarningRulesJson } from "../../common/schemas/earning-rules";
import { makeContent } from "../test/factories";
import { signedInBrowser, type Browser } from "../test/http";
import { fixture } from "../test/fixtures";
import { suspend } from "../test/moderation";
import { publishFixture, signUpload } from "../test/uploads";
import { earningsOf, passTime, sendProgress, startView, streamMedia, watchPaced } from "../test/views";
import { calculate, certifier, established, member } from "../test/members";

// The attacks a script farm plays against the rules that move money (docs/decisions/015, 016). Each must
// pay $0 or be refused, while the honest journey beside it still pays exactly what the rules promise. The
// upload overwrite race (a second PUT swapping the bytes finalize measured) is played in
// worker/routes/upload-race.test.ts.

let admin: Browser;
beforeEach(async () => {
  admin = await signedInBrowser("admin@example.com");
});

describe("views", () => {
  it("an honest view at normal speed pays exactly 3,000 µUSD to each side", async () => {
    const creator = await member("creator");
    const viewer = await member("viewer");
    const item = await makeContent(creator.id, { durationMs: 30_000 });
    expect((await watchPaced(viewer.browser, viewer.id, item.id, 30_000)).qualified).toBe(true);
    await calculate(viewer.browser);
    expect(await earningsOf(viewer.id)).toEqual({ micros: 3000, n: 1 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 3000, n: 1 });
  });

  it("parallel burst: 24 views opened at once, 6 s, then an 80 % event on each, pays $0", async () => {
    const creator = await member("creator");
    const items = await Promise.all(Array.from({ length: 24 }, () => makeContent(creator.id, { durationMs: 30_000 })));
    const attacker = await member("burst");
    const views = await Promise.all(items.map((item) => startView(attacker.browser, item.id)));
    await passTime(attacker.id, 6000);
    const answers = await Promise.all(items.map((item, i) => sendProgress(attacker.browser, item.id, 24, views[i])));
    expect(answers.filter((a) => a.body.qualified)).toHaveLength(0);
    await calculate(attacker.browser);
    expect(await earningsOf(attacker.id)).toEqual({ micros: 0, n: 0 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 0, n: 0 });
  });

  it("one earning view at a time: a second tab stops the first from accruing", async () => {
    const creator = await member("creator");
    const [a, b] = await Promise.all([0, 1].map(() => makeContent(creator.id, { durationMs: 10_000 })));
    const viewer = await member("tabs");
    const first = await startView(viewer.browser, a!.id);
    const second = await startView(viewer.browser, b!.id);
    await streamMedia(viewer.browser, b!.id);
    for (let s = 1; s <= 10; s++) {
      await passTime(viewer.id, 1000);
      const [x, y] = await Promise.all([
        sendProgress(viewer.browser, a!.id, s, first),
        sendProgress(viewer.browser, b!.id, s, second),
      ]);
      // The second start ended the first view (docs/decisions/029): its events find nothing to count.
      expect(x.status).toBe(404);
      if (s >= 8) expect(y.body.qualified).toBe(true);
    }
    await calculate(viewer.browser);
    expect(await earningsOf(viewer.id)).toEqual({ micros: 3000, n: 1 });
  });

  it("short items are not free: three instant views of a 1 s clip pay $0, and a paced one pays $0 too", async () => {
    const creator = await member("creator");
    const clip = await makeContent(creator.id, { durationMs: 1000 });
    const attacker = await member("instant");
    for (let i = 0; i < 3; i++) {
      const view = await startView(attacker.browser, clip.id);
      expect((await sendProgress(attacker.browser, clip.id, 1, view, "complete")).body.qualified).toBe(false);
    }
    // Watched for real, it qualifies, but an item under the shortest earning length (5 s) never earns.
    expect((await watchPaced(attacker.browser, attacker.id, clip.id, 1000)).qualified).toBe(true);
    await calculate(attacker.browser);
    expect(await earningsOf(attacker.id)).toEqual({ micros: 0, n: 0 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 0, n: 0 });
  });

  it("a viewer earns at most the day's earnable views, as an admin set them", async () => {
    const set = (value: number) =>
      admin.json("/api/admin/earning-rules", "PATCH", { key: "daily_earnable_views", value });
    const before = await (await admin.fetch("/api/admin/earning-rules")).json<EarningRulesJson>();
    expect((await set(2)).status).toBe(200);
    try {
      const creator = await member("creator");
      const viewer = await member("daily");
      for (let i = 0; i < 3; i++) {
        const item = await makeContent(creator.id, { durationMs: 10_000 });
        expect((await watchPaced(viewer.browser, viewer.id, item.id, 10_000)).qualified).toBe(true);
      }
      await calculate(viewer.browser);
      expect(await earningsOf(viewer.id)).toEqual({ micros: 6000, n: 2 });
    } finally {
      await set(before.daily_earnable_views);
    }
  });
});

/** A copy of a real file with one declared duration changed: the lie a farm would upload. */
function lyingMp4(seconds: number) {
  const bytes = fixture("clip-6s.mp4").slice();
  const data = new DataView(bytes.buffer);
  const at = new TextDecoder("latin1").decode(bytes).indexOf("mvhd") + 4;
  expect(bytes[at], "version 0 mvhd").toBe(0);
  data.setUint32(at + 16, data.getUint32(at + 12) * seconds); // duration = timescale × seconds
  return bytes;
}

function lyingMp3(frames: number) {
  const bytes = fixture("tiny.mp3").slice();
  const data = new DataView(bytes.buffer);
  const at = new TextDecoder("latin1").decode(bytes).indexOf("Info");
  expect(data.getUint32(at + 4) & 1, "Info header with a frame count").toBe(1);
  data.setUint32(at + 8, frames);
  return bytes;
}

describe("files that lie about their duration", () => {
  for (const [name, type, kind, bytes] of [
    ["a 6 s MP4 whose movie header says 1 s", "video/mp4", "video", lyingMp4(1)],
    ["an MP3 whose Info header says 40 frames", "audio/mpeg", "audio", lyingMp3(40)],
  ] as const) {
    it(`${name} is refused at finalize, and nothing is published`, async () => {
      const creator = await member("liar");
      const signed = await signUpload(
        creator.browser,
        `lie.${kind === "video" ? "mp4" : "mp3"}`,
        type,
        bytes.byteLength,
      );
      const put = await creator.browser.fetch(signed.uploadUrl, {
        method: "PUT",
        body: bytes,
        headers: { "content-type": type },
      });
      expect(put.status).toBe(200);
      const res = await creator.browser.json("/api/content/finalize", "POST", {
        r2_key: signed.key,
        type: kind,
        title: "Honest, really",
      });
      expect(res.status).toBe(415);
      expect((await res.json<{ error: string }>()).error).toMatch(/re-export it and upload again/);
      const published = await env.DB.prepare("select count(*) as n from content where created_by = ?")
        .bind(creator.id)
        .first();
      expect(published).toEqual({ n: 0 });
    });
  }
});

describe("the sign-up bonus", () => {
  const challenges = [
    {
      name: "Upload one",
      description: "Upload",
      requirement_type: "content_uploaded",
      requirement_value: 1,
      bonus_amount: 30,
    },
    {
      name: "Watch one",
      description: "Watch",
      requirement_type: "streams_completed",
      requirement_value: 1,
      bonus_amount: 20,
    },
    {
      name: "One viewer",
      description: "Views",
      requirement_type: "min_views_per_content",
      requirement_value: 1,
      bonus_amount: 25,
    },
  ];
  let created: string[] = [];
  beforeEach(async () => {
    await env.DB.prepare("update challenges set is_active = 0").run();
    created = [];
    for (const c of challenges)
      created.push((await (await admin.json("/api/admin/challenges", "POST", c)).json<{ id: string }>()).id);
  });
  afterEach(async () => {
    for (const id of created) await admin.json(`/api/admin/challenges/${id}`, "PATCH", { is_active: false });
  });

  const bonusOf = async (userId: string) =>
    env.DB.prepare("select status, review_reasons from bonuses where user_id = ? and kind = 'signon'")
      .bind(userId)
      .first<{ status: string; review_reasons: string | null }>();

  it("two new accounts on one machine who upload and watch each other get $0 until an admin decides", async () => {
    const ip = { fingerprint: "farm", ip: "203.0.113.7" };
    const [a, b] = [await member("farm-a"), await member("farm-b")];
    const clipA = await publishFixture(a.browser, "clip-6s.mp4");
    const clipB = await publishFixture(b.browser, "clip-6s.mp4");
    expect(
      (await watchPaced(a.browser, a.id, clipB, 6000, { device: { ...ip, fingerprint: "farm-a" } })).qualified,
    ).toBe(true);
    expect(
      (await watchPaced(b.browser, b.id, clipA, 6000, { device: { ...ip, fingerprint: "farm-b" } })).qualified,
    ).toBe(true);
    // Two new accounts certify nothing (decision 065): neither completes the views requirement with the other.
    expect(await bonusOf(a.id)).toBeNull();
    expect(await bonusOf(b.id)).toBeNull();
    // One independent fan each completes the views requirement; the checks still find the pair.
    for (const [clip, address] of [
      [clipA, "198.51.100.61"],
      [clipB, "198.51.100.62"],
    ] as const) {
      const fan = await certifier("fan");
      expect(
        (await watchPaced(fan.browser, fan.id, clip, 6000, { device: { fingerprint: "fan", ip: address } })).qualified,
      ).toBe(true);
    }
    // Each member's own poll checks their own bonus; b's, created after a's, also finds a's uploads and the other
    // claimant on its network.
    await Promise.all([calculate(a.browser), calculate(b.browser)]);
    expect((await bonusOf(b.id))?.review_reasons?.split(",")).toEqual(
      expect.arrayContaining(["claimant_uploads", "claimants_share_network"]),
    );
    for (const who of [a, b]) {
      const bonus = await bonusOf(who.id);
      expect(bonus?.status).toBe("pending");
      expect(bonus?.review_reasons?.split(",")).toEqual(
        expect.arrayContaining(["reciprocal_new_accounts", "shared_ip"]),
      );
      const wallet = await (await who.browser.fetch("/api/me/wallet")).json<{ bonuses: number }>();
      expect(wallet.bonuses).toBe(0);
    }

    // The admin sees both held with their reasons, rejects one and approves the other, each audited once.
    const list = await (await admin.fetch("/api/admin/challenges")).json<AdminChallengesResponse>();
    const held = list.awards.filter((w) => w.user_id === a.id || w.user_id === b.id);
    expect(held.map((w) => w.review_reasons.length > 0)).toEqual([true, true]);
    const [heldA, heldB] = [held.find((w) => w.user_id === a.id)!, held.find((w) => w.user_id === b.id)!];
    expect(
      (await admin.json(`/api/admin/bonuses/${heldA.id}/review`, "POST", { decision: "reject", note: "" })).status,
    ).toBe(400);
    const rejected = await admin.json(`/api/admin/bonuses/${heldA.id}/review`, "POST", {
      decision: "reject",
      note: "Farm ring",
    });
    expect(await rejected.json<BonusAwardJson>()).toMatchObject({ status: "rejected", review_note: "Farm ring" });
    expect(
      (await admin.json(`/api/admin/bonuses/${heldA.id}/review`, "POST", { decision: "approve", note: "again" }))
        .status,
    ).toBe(409);
    const approved = await admin.json(`/api/admin/bonuses/${heldB.id}/review`, "POST", {
      decision: "approve",
      note: "Known couple",
    });
    expect(await approved.json<BonusAwardJson>()).toMatchObject({ status: "awarded", total_bonus_amount: 75 });
    expect((await (await a.browser.fetch("/api/me/wallet")).json<{ bonuses: number }>()).bonuses).toBe(0);
    expect((await (await b.browser.fetch("/api/me/wallet")).json<{ bonuses: number }>()).bonuses).toBe(75);
    const audit = await env.DB.prepare("select entity_id from audit_log where entity = 'bonus' and entity_id in (?, ?)")
      .bind(heldA.id, heldB.id)
      .all();
    expect(audit.results).toHaveLength(2);
    // A member (not an admin) cannot review.
    expect(
      (await a.browser.json(`/api/admin/bonuses/${heldA.id}/review`, "POST", { decision: "approve", note: "me" }))
        .status,
    ).toBe(403);
  });

  it("streams of clips under the shortest earning length do not complete a challenge", async () => {
    const creator = await established("creator");
    const clip = await makeContent(creator.id, { durationMs: 1000 });
    const newcomer = await member("short");
    expect((await watchPaced(newcomer.browser, newcomer.id, clip.id, 1000)).qualified).toBe(true);
    const progress = await (
      await newcomer.browser.fetch("/api/challenges/progress")
    ).json<{ progress: { progress_value: number; challenge: { requirement_type: string } }[] }>();
    expect(progress.progress.find((p) => p.challenge.requirement_type === "streams_completed")?.progress_value).toBe(0);
  });

  it("an honest new member gets the bonus automatically", async () => {
    const creator = await established("creator");
    const fan = await certifier("fan");
    const item = await makeContent(creator.id, { durationMs: 20_000 });
    const newcomer = await member("honest");
    expect(
      (
        await watchPaced(newcomer.browser, newcomer.id, item.id, 20_000, {
          device: { fingerprint: "n", ip: "198.51.100.20" },
        })
      ).qualified,
    ).toBe(true);
    const upload = await publishFixture(newcomer.browser, "clip-6s.mp4");
    expect(
      (await watchPaced(fan.browser, fan.id, upload, 6000, { device: { fingerprint: "f", ip: "198.51.100.21" } }))
        .qualified,
    ).toBe(true);
    await calculate(newcomer.browser);
    expect(await bonusOf(newcomer.id)).toEqual({ status: "awarded", review_reasons: "" });
    expect((await (await newcomer.browser.fetch("/api/me/wallet")).json<{ bonuses: number }>()).bonuses).toBe(75);
  });
});

describe("held earnings (docs/decisions/019)", () => {
  it("two new accounts trading paced views: the cron holds and flags their rewards, a reversal takes them back, no payout gets out", async () => {
    const [a, b] = [await member("ring-a"), await member("ring-b")];
    const [itemA, itemB] = [
      await makeContent(a.id, { durationMs: 10_000 }),
      await makeContent(b.id, { durationMs: 10_000 }),
    ];
    expect((await watchPaced(a.browser, a.id, itemB.id, 10_000)).qualified).toBe(true);
    expect((await watchPaced(b.browser, b.id, itemA.id, 10_000)).qualified).toBe(true);
    // The every-minute cron: the earnings job, then the sweep.
    const { runScheduledJobs } = await import("../scheduled");
    await runScheduledJobs(env);
    expect(await earningsOf(a.id)).toEqual({ micros: 6000, n: 2 });
    const wallet = await (
      await a.browser.fetch("/api/me/wallet")
    ).json<{ available_balance: number; pending_balance: number }>();
    expect(wallet).toMatchObject({ available_balance: 0, pending_balance: 0.006 });
    // Cashing out what is held is refused.
    const payout = await admin.json("/api/admin/payments", "POST", {
      user_id: a.id,
      amount_usd: 0.01,
      payment_method: "PayPal",
      status: "pending",
    });
    expect(payout.status).toBe(409);
    const { reviews } = await (
      await admin.fetch("/api/admin/reviews")
    ).json<{ reviews: { id: string; rule: string; users: { id: string }[] }[] }>();
    const ring = reviews.find((r) => r.rule === "ring" && r.users.some((u) => u.id === a.id));
    expect(ring).toBeTruthy();
    expect(
      (await admin.json(`/api/admin/reviews/${ring!.id}`, "POST", { decision: "reverse", note: "farm" })).status,
    ).toBe(200);
    const after = await (
      await a.browser.fetch("/api/me/wallet")
    ).json<{ viewer_balance: number; creator_balance: number; available_balance: number; pending_balance: number }>();
    expect(after).toEqual(
      expect.objectContaining({ viewer_balance: 0, creator_balance: 0, available_balance: 0, pending_balance: 0 }),
    );
  });
});

describe("moderation (docs/decisions/027)", () => {
  it("a farm that keeps watching a taken-down item earns nothing, and what it earned before is taken back", async () => {
    const creator = await established("farm-owner");
    const farm = await Promise.all([0, 1, 2].map((i) => established(`farm-${i}`)));
    const item = await makeContent(creator.id, { durationMs: 10_000 });
    // One round of paced views before the takedown: paid, and held.
    for (const f of farm) expect((await watchPaced(f.browser, f.id, item.id, 10_000)).qualified).toBe(true);
    await Promise.all(farm.map((f) => calculate(f.browser)));
    expect(await earningsOf(creator.id)).toEqual({ micros: 9000, n: 3 });
    // Second round: sessions open when the item is taken down keep going and qualify.
    const open = await Promise.all(farm.map(async (f) => ({ ...f, view: await startView(f.browser, item.id) })));
    const down = await admin.json(`/api/admin/moderation/content/${item.id}`, "POST", {
      action: "takedown",
      note: "View farm",
    });
    expect(down.status).toBe(200);
    for (const f of open) {
      for (let s = 1; s <= 10; s++) {
        await passTime(f.id, 1000);
        await sendProgress(f.browser, item.id, s, f.view, s === 10 ? "complete" : "progress");
      }
    }
    // New sessions on it are refused.
    const start = await farm[0]!.browser.json("/api/playback-events", "POST", {
      content_id: item.id,
      event_type: "start",
      second_mark: 0,
      discovery_method: "browse",
      device_fingerprint: "farm",
    });
    expect(start.status).toBe(404);
    await Promise.all(farm.map((f) => calculate(f.browser)));
    const { runScheduledJobs } = await import("../scheduled");
    await runScheduledJobs(env);
    // Nothing new was paid, and the first round is reversed on both sides: every wallet is back to zero.
    expect(await earningsOf(creator.id)).toEqual({ micros: 9000, n: 3 });
    for (const who of [creator, ...farm]) {
      const wallet = await (
        await who.browser.fetch("/api/me/wallet")
      ).json<{ viewer_balance: number; creator_balance: number; pending_balance: number }>();
      expect(wallet).toMatchObject({ viewer_balance: 0, creator_balance: 0, pending_balance: 0 });
    }
    const unpaid = await env.DB.prepare(
      "select count(*) as n from views where content_id = ? and status = 'unearnable' and unpaid_reason = 'removed'",
    )
      .bind(item.id)
      .first();
    expect(unpaid).toEqual({ n: 3 });
    // The honest journey beside it still pays.
    const honest = await makeContent(creator.id, { durationMs: 10_000 });
    expect((await watchPaced(farm[0]!.browser, farm[0]!.id, honest.id, 10_000)).qualified).toBe(true);
    await calculate(farm[0]!.browser);
    expect(await earningsOf(creator.id)).toEqual({ micros: 12_000, n: 4 });
  });

  it("a suspended member's farm of views pays nobody, on either side", async () => {
    const creator = await established("partner");
    const item = await makeContent(creator.id, { durationMs: 10_000 });
    const farmer = await established("farmer");
    await suspend(farmer.id);
    for (let i = 0; i < 3; i++)
      expect((await watchPaced(farmer.browser, farmer.id, item.id, 10_000)).qualified).toBe(true);
    await calculate(farmer.browser);
    expect(await earningsOf(farmer.id)).toEqual({ micros: 0, n: 0 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 0, n: 0 });
  });
});
