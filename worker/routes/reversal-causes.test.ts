import { describe, expect, it } from "vitest";
import type { MyViewsResponse } from "../../common/schemas/my-views";
import type { NotificationsJson } from "../../common/schemas/notifications";
import { reviewEarnings, reviews } from "../db/schema";
import { creditQualifiedViews } from "../domain/earnings/credit-views";
import { decideReview } from "../domain/reviews/decide-review";
import { newId } from "../lib/ids";
import { adminContext } from "../test/admin-calls";
import { makeContent, makeQualifiedView, makeUser, testDb } from "../test/factories";
import { signedInBrowser } from "../test/http";
import { suspend, takeDown } from "../test/moderation";

// Decision 066: "A reversal caused by a takedown reads 'Reversed after review'". Every place that tells a member of
// a reversed view reward names its cause: a takedown, a suspension (and whose), or a fraud review's rule.

const LONG_AGO = "2020-01-01T00:00:00.000Z";
const iso = (ms: number) => new Date(ms).toISOString();
const settle = () => creditQualifiedViews(testDb(), iso(Date.now()), 25, 100);

async function bellOf(user: { email: string }) {
  const n = await (await (await signedInBrowser(user.email)).fetch("/api/me/notifications")).json<NotificationsJson>();
  return n.items
    .filter((i) => i.kind === "views_reversed")
    .map((i) => ({ count: i.count, amount_usd: i.amount_usd, detail: i.detail }));
}

async function viewsOf(user: { email: string }, as: "viewer" | "creator") {
  const res = await (
    await signedInBrowser(user.email)
  ).fetch(`/api/me/views?date=${iso(Date.now()).slice(0, 10)}&as=${as}`);
  return Object.fromEntries(
    (await res.json<MyViewsResponse>()).views.map((v) => [v.id, { outcome: v.outcome, reason: v.reason }]),
  );
}

/** An open fraud flag covering both sides' earnings of one view, reversed by an admin. */
async function reverseByReview(viewId: string) {
  const covered = await testDb().query.earnings.findMany({ where: (e, { eq }) => eq(e.viewId, viewId) });
  expect(covered).toHaveLength(2);
  const reviewId = newId();
  await testDb()
    .insert(reviews)
    .values({
      id: reviewId,
      rule: "ring",
      subject: `test:${reviewId}`,
      userIds: JSON.stringify(covered.map((e) => e.userId)),
      evidence: "[]",
      status: "open",
      createdAt: iso(Date.now()),
    });
  await testDb()
    .insert(reviewEarnings)
    .values(covered.map((e) => ({ reviewId, earningId: e.id, rule: "ring" })));
  await decideReview({ ctx: await adminContext(), input: { reviewId, decision: "reverse", note: "ring" } });
}

describe("reversal causes", () => {
  it("tells the bell what took view rewards back: a takedown, a review, or both on one day", async () => {
    const creator = await makeUser({ createdAt: LONG_AGO });
    const viewer = await makeUser({ createdAt: LONG_AGO });
    const [taken, flagged] = [await makeContent(creator.id), await makeContent(creator.id)];
    const takenView = await makeQualifiedView(viewer.id, taken);
    const flaggedView = await makeQualifiedView(viewer.id, flagged);
    await settle();

    await takeDown(taken.id);
    expect(await bellOf(viewer)).toEqual([{ count: 1, amount_usd: 0.003, detail: "takedown" }]);
    expect(await bellOf(creator)).toEqual([{ count: 1, amount_usd: 0.003, detail: "takedown" }]);

    await reverseByReview(flaggedView);
    expect(await bellOf(viewer)).toEqual([{ count: 2, amount_usd: 0.006, detail: "takedown,review" }]);
    expect(await bellOf(creator)).toEqual([{ count: 2, amount_usd: 0.006, detail: "takedown,review" }]);

    // The views list names each view's own cause; only the review's says "reversed".
    expect(await viewsOf(viewer, "viewer")).toMatchObject({
      [takenView]: { outcome: "reversed", reason: "removed" },
      [flaggedView]: { outcome: "reversed", reason: "reversed" },
    });
  });

  it("names a suspension on the bell, and in the views list whose account it was", async () => {
    const member = await makeUser({ createdAt: LONG_AGO });
    const creator = await makeUser({ createdAt: LONG_AGO });
    const fan = await makeUser({ createdAt: LONG_AGO });
    const watched = await makeQualifiedView(member.id, await makeContent(creator.id));
    const watchedMine = await makeQualifiedView(fan.id, await makeContent(member.id));
    await settle();
    await suspend(member.id);

    for (const who of [member, creator, fan])
      expect(await bellOf(who), who.email).toEqual([expect.objectContaining({ detail: "suspension" })]);
    expect(await bellOf(member)).toEqual([{ count: 2, amount_usd: 0.006, detail: "suspension" }]);
    // The member watched: suspended as the viewer. The member's item was watched: suspended as its creator.
    expect((await viewsOf(member, "viewer"))[watched]).toEqual({ outcome: "reversed", reason: "suspended" });
    expect((await viewsOf(creator, "creator"))[watched]).toEqual({ outcome: "reversed", reason: "suspended" });
    expect((await viewsOf(fan, "viewer"))[watchedMine]).toEqual({ outcome: "reversed", reason: "creator_suspended" });
    expect((await viewsOf(member, "creator"))[watchedMine]).toEqual({
      outcome: "reversed",
      reason: "creator_suspended",
    });
  });
});
