import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChallengeProgressResponse } from "../../common/schemas/challenges";
import type { ReviewsResponse } from "../../common/schemas/admin-reviews";
import type { WalletJson } from "../../common/schemas/wallet";
import { makeContent, makeUser, testDb } from "../test/factories";
import { signedInBrowser, uniqueEmail, type Browser } from "../test/http";
import { deleteItem } from "../test/deletion";
import { publishFixture } from "../test/uploads";
import { givePaidHistory } from "../test/members";
import { watchPaced } from "../test/views";
import { suspend, unsuspend } from "../test/moderation";
import { creditQualifiedViews } from "../domain/earnings/credit-views";
import { nowIso } from "../lib/time";

// Sign-on bonus farms against the checks that hold (docs/decisions/031): a "certifier" account that completes
// several claimants' views requirement, facts that change between the bonus's creation and its award, and a
// certifier exposed only after the bonus was awarded. Each next to the honest newcomer who is still paid.

const DAY_MS = 24 * 3600_000;
const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const calculate = (b: Browser) => b.fetch("/api/earnings/calculate", { method: "POST" });
const walletOf = async (b: Browser) => (await b.fetch("/api/me/wallet")).json<WalletJson>();
const bonusOf = async (userId: string) =>
  env.DB.prepare("select id, status, review_reasons, available_at from bonuses where user_id = ? and kind = 'signon'")
    .bind(userId)
    .first<{ id: string; status: string; review_reasons: string | null; available_at: string | null }>();
const minViews = async (b: Browser) =>
  (await (await b.fetch("/api/challenges/progress")).json<ChallengeProgressResponse>()).progress.find(
    (p) => p.challenge.requirement_type === "min_views_per_content",
  )!;

type Member = { browser: Browser; id: string; ip: string };
let addresses = 0;
const nextAddress = () => `198.51.100.${100 + (++addresses % 150)}`;

/** A new member (enrolled in the challenges) on an address of their own. */
async function newcomer(prefix: string): Promise<Member> {
  const browser = await signedInBrowser(uniqueEmail(prefix));
  return { browser, id: await idOf(browser), ip: nextAddress() };
}

/**
 * A member who joined long ago and has watched two creators since: no challenges, nobody's claimant, real
 * enough to certify (decision 065); on an address of their own.
 */
async function established(prefix: string): Promise<Member> {
  const email = uniqueEmail(prefix);
  await makeUser({ email, createdAt: new Date(Date.now() - 30 * DAY_MS).toISOString() });
  const browser = await signedInBrowser(email);
  const id = await idOf(browser);
  await givePaidHistory(id);
  return { browser, id, ip: nextAddress() };
}

async function watch(who: Member, contentId: string, durationMs: number) {
  const device = { fingerprint: `fp-${who.id}`, ip: who.ip };
  expect((await watchPaced(who.browser, who.id, contentId, durationMs, { device })).qualified).toBe(true);
}

/** A claimant who did the honest part: watched an established creator's item, and uploaded a clip. */
async function claimant(prefix: string, elsewhere: string) {
  const who = await newcomer(prefix);
  await watch(who, elsewhere, 20_000);
  return { ...who, upload: await publishFixture(who.browser, "clip-6s.mp4") };
}

let admin: Browser;
let elsewhere: string;
const created: string[] = [];
beforeEach(async () => {
  admin = await signedInBrowser("admin@example.com");
  await env.DB.prepare("update challenges set is_active = 0").run();
  for (const c of [
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
  ]) {
    created.push((await (await admin.json("/api/admin/challenges", "POST", c)).json<{ id: string }>()).id);
  }
  elsewhere = (await makeContent((await established("creator")).id, { durationMs: 20_000 })).id;
});
afterEach(async () => {
  for (const id of created.splice(0)) await admin.json(`/api/admin/challenges/${id}`, "PATCH", { is_active: false });
});

describe("a suspended member", () => {
  it("moves no challenge with the views they make while suspended, before or after reinstatement", async () => {
    const streams = async (b: Browser) =>
      (await (await b.fetch("/api/challenges/progress")).json<ChallengeProgressResponse>()).progress.find(
        (p) => p.challenge.requirement_type === "streams_completed",
      )!.progress_value;
    const who = await newcomer("suspended-watcher");
    const other = (await makeContent((await established("other-creator")).id, { durationMs: 20_000 })).id;
    await suspend(who.id);
    // The view itself qualifies (the rules of attention do not read standing) and pays nobody (027) ...
    await watch(who, elsewhere, 20_000);
    await creditQualifiedViews(testDb(), nowIso(), 25, 100);
    // ... and a bonus is money too: it is no step towards one.
    expect(await streams(who.browser)).toBe(0);
    await unsuspend(who.id);
    expect(await streams(who.browser)).toBe(0);
    // Once reinstated, what they watch counts again, and the view made while suspended still does not.
    await watch(who, other, 20_000);
    expect(await streams(who.browser)).toBe(1);
  });
});

describe("the certifier", () => {
  it("a third account on its own address that watches two claimants' uploads completes neither's bonus", async () => {
    const [one, two] = [await claimant("claim-1", elsewhere), await claimant("claim-2", elsewhere)];
    const certifier = await established("certifier");
    // Its view of the first upload completes the first claimant's set before anything is known against it...
    await watch(certifier, one.upload, 6000);
    expect((await minViews(one.browser)).is_completed).toBe(true);
    expect(await bonusOf(one.id)).toMatchObject({ status: "pending", review_reasons: "" });
    // ...its view of the second exposes it: it counts for neither claimant.
    await watch(certifier, two.upload, 6000);
    expect(await minViews(two.browser)).toMatchObject({ is_completed: false, progress_value: 0 });
    expect(await bonusOf(two.id)).toBeNull();

    // The job checks the first bonus again as it would award it, and holds it for an admin instead.
    await Promise.all([calculate(one.browser), calculate(two.browser)]);
    expect(await bonusOf(one.id)).toMatchObject({ status: "pending", review_reasons: "dependent_viewers" });
    for (const who of [one, two]) expect((await walletOf(who.browser)).bonuses).toBe(0);
  });

  it("an honest newcomer whose upload independent established members watched is paid automatically", async () => {
    const honest = await claimant("honest", elsewhere);
    // Two fans, each on an address of their own, each watching only this newcomer's upload.
    for (const name of ["fan-1", "fan-2"]) await watch(await established(name), honest.upload, 6000);
    // Another claimant's certifier nearby changes nothing for this one.
    const other = await claimant("other", elsewhere);
    const certifier = await established("certifier");
    await watch(certifier, other.upload, 6000);
    await calculate(honest.browser);
    expect(await bonusOf(honest.id)).toMatchObject({ status: "awarded", review_reasons: "" });
    expect((await walletOf(honest.browser)).bonuses).toBe(75);
  });
});

describe("a bonus farm from two addresses (decision 065)", () => {
  it("two claimants on one address, certified by two brand-new accounts on another: no bonus, and the claimants are a risk", async () => {
    // A fresh partner creator on the claimants' side; the claimants stream the partner's item.
    const partner = await newcomer("partner");
    const partnerItem = await makeContent(partner.id, { durationMs: 20_000 });
    const home = nextAddress();
    const claimants = [
      { ...(await newcomer("claim-a")), ip: home },
      { ...(await newcomer("claim-b")), ip: home },
    ];
    for (const c of claimants) {
      await watch(c, partnerItem.id, 20_000);
      (c as Member & { upload?: string }).upload = await publishFixture(c.browser, "clip-6s.mp4");
    }
    // Two certifiers made for the purpose, on one address of their own, watch both uploads.
    const farmAddress = nextAddress();
    const certifiers = [
      { ...(await newcomer("cert-a")), ip: farmAddress },
      { ...(await newcomer("cert-b")), ip: farmAddress },
    ];
    for (const cert of certifiers)
      for (const c of claimants) await watch(cert, (c as Member & { upload: string }).upload, 6000);
    // New accounts that watch nobody else certify nothing: the views requirement stays at 0, no bonus is made.
    for (const c of claimants) {
      await calculate(c.browser);
      expect(await minViews(c.browser)).toMatchObject({ is_completed: false, progress_value: 0 });
      expect(await bonusOf(c.id)).toBeNull();
      expect((await walletOf(c.browser)).bonuses).toBe(0);
    }
    // Even with real certifiers, two claims from one address are held for an admin, not awarded.
    for (const c of claimants) await watch(await established("fan"), (c as Member & { upload: string }).upload, 6000);
    await Promise.all(claimants.map((c) => calculate(c.browser)));
    for (const c of claimants) {
      const bonus = await bonusOf(c.id);
      expect(bonus?.status).toBe("pending");
      expect(bonus?.review_reasons?.split(",")).toContain("claimants_share_network");
    }
  });
});

describe("checks that hold", () => {
  it("a bonus clean when created but whose facts changed before the award is held, not awarded", async () => {
    const member = await claimant("changed", elsewhere);
    await watch(await established("fan"), member.upload, 6000);
    expect(await bonusOf(member.id)).toMatchObject({ status: "pending", review_reasons: "" });
    // Before any job runs: a second new account and the member watch each other's items.
    const partner = await newcomer("partner");
    const partnerItem = await makeContent(partner.id, { durationMs: 20_000 });
    await watch(member, partnerItem.id, 20_000);
    await watch(partner, member.upload, 6000);
    await calculate(member.browser);
    const held = await bonusOf(member.id);
    expect(held?.status).toBe("pending");
    expect(held?.review_reasons?.split(",")).toContain("reciprocal_new_accounts");
    expect((await walletOf(member.browser)).bonuses).toBe(0);
  });

  it("deleting the upload the evidence is about, before the job checks the bonus, leaves it held (028)", async () => {
    const member = await claimant("deleter", elsewhere);
    // A second account on the member's own address watches the upload: the shared-address evidence.
    const alt = { ...(await established("alt")), ip: member.ip };
    await watch(alt, member.upload, 6000);
    // An independent fan completes the views requirement; the bonus is created with the evidence found.
    await watch(await established("fan"), member.upload, 6000);
    expect((await bonusOf(member.id))?.review_reasons?.split(",")).toContain("shared_ip");
    // The member deletes the upload before any job runs: its views, and the evidence, stay.
    await deleteItem(member.browser, member.upload);
    await calculate(member.browser);
    const held = await bonusOf(member.id);
    expect(held?.status).toBe("pending");
    expect(held?.review_reasons?.split(",")).toContain("shared_ip");
    expect((await walletOf(member.browser)).bonuses).toBe(0);
    // A deleted upload still counts among the member's uploads: deleting an unwatched one lifts no minimum.
    const second = await claimant("second-upload", elsewhere);
    const unwatched = await publishFixture(second.browser, "clip-6s.mp4");
    await watch(await established("fan-2"), second.upload, 6000);
    expect(await minViews(second.browser)).toMatchObject({ is_completed: false, progress_value: 0 });
    await deleteItem(second.browser, unwatched);
    await watch(await established("fan-3"), second.upload, 6000);
    expect(await minViews(second.browser)).toMatchObject({ is_completed: false, progress_value: 0 });
    expect(await bonusOf(second.id)).toBeNull();
  }, 120_000); // a whole claim, its evidence and a deletion: several seconds on a busy machine

  it("a certifier exposed after the award: the sweep flags the held bonus, and the admin takes it back", async () => {
    const [one, two] = [await claimant("early", elsewhere), await claimant("late", elsewhere)];
    const certifier = await established("certifier");
    await watch(certifier, one.upload, 6000);
    await calculate(one.browser);
    expect(await bonusOf(one.id)).toMatchObject({ status: "awarded", review_reasons: "" });
    const awarded = await walletOf(one.browser);
    expect(awarded).toMatchObject({ bonuses: 75, viewer_reversed: 0 });
    expect(awarded.viewer_pending).toBeGreaterThanOrEqual(75);

    // The same account certifies a second claimant while the first bonus is still held.
    await watch(certifier, two.upload, 6000);
    const swept = await (await admin.fetch("/api/admin/reviews/sweep", { method: "POST" })).json<{ flagged: number }>();
    expect(swept.flagged).toBeGreaterThanOrEqual(1);
    const { reviews } = await (await admin.fetch("/api/admin/reviews")).json<ReviewsResponse>();
    const flag = reviews.find((r) => r.rule === "bonus_risk" && r.users.some((u) => u.id === one.id))!;
    expect(flag).toMatchObject({ title: "Sign-on bonus failed its checks while held", amount_usd: 75 });
    expect(flag.evidence.join(" ")).toContain("independent viewers");

    const bonus = await bonusOf(one.id);
    expect(
      (await admin.json(`/api/admin/reviews/${flag.id}`, "POST", { decision: "reverse", note: "Certifier farm" }))
        .status,
    ).toBe(200);
    // The bonus row stays as it was; one reversal row takes it back from the viewer side.
    expect(await bonusOf(one.id)).toEqual(bonus);
    expect(
      await env.DB.prepare("select amount_micros, reason from bonus_reversals where bonus_id = ?")
        .bind(bonus!.id)
        .all(),
    ).toMatchObject({
      results: [{ amount_micros: -75_000_000, reason: "bonus_risk" }],
    });
    const reversed = await walletOf(one.browser);
    expect(reversed).toMatchObject({ bonuses: 75, viewer_reversed: 75 });
    expect(reversed.viewer_balance).toBeCloseTo(awarded.viewer_balance - 75, 9);
    expect(reversed.viewer_pending).toBeCloseTo(awarded.viewer_pending - 75, 9);
    expect(reversed.available_balance).toBe(awarded.available_balance);
  });
});
