import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { EarningsCalculateResponse } from "../../common/schemas/earnings";
import { createDb } from "../db/client";
import { tellCredits } from "../db/queries/earnings/credit-notices";
import { OWED_SQL, owedTo } from "../db/queries/earnings/owed";
import { makeContent } from "../test/factories";
import type { Browser } from "../test/http";
import { calculate, established } from "../test/members";
import { earningsOf, runEarningsCron, watchPaced } from "../test/views";

// The "+$0.003" notice (docs/decisions/033): the poll tells what was credited to the caller's own views since
// they were last told, whoever credited it, exactly once.

const poll = async (b: Browser) => (await calculate(b)).json<EarningsCalculateResponse>();
const markOf = (userId: string) =>
  env.DB.prepare("select seen_rowid, told_micros from credit_notices where user_id = ?")
    .bind(userId)
    .first<{ seen_rowid: number; told_micros: number }>();

/** A creator's 10 s item, and an established viewer who watched it to qualification (not settled yet). */
async function qualifiedView() {
  const creator = await established("creator");
  const viewer = await established("viewer");
  const item = await makeContent(creator.id, { durationMs: 10_000 });
  expect((await watchPaced(viewer.browser, viewer.id, item.id, 10_000)).qualified).toBe(true);
  return { creator, viewer, item };
}

describe("the credited notice", () => {
  it("tells a credit the cron made before the member's poll, once", async () => {
    const { viewer } = await qualifiedView();
    // The cron settles the view first: before the fix, every poll then said nothing.
    expect(await runEarningsCron()).toMatchObject({ processed: 1 });
    expect(await earningsOf(viewer.id)).toEqual({ micros: 3000, n: 1 });
    // Nothing for this poll to settle, but money to tell: the words agree with the amount (docs/decisions/107).
    expect(await poll(viewer.browser)).toEqual({
      processed: 0,
      message: "Credited since you last looked",
      credited_usd: 0.003,
    });
    expect(await poll(viewer.browser)).toMatchObject({ credited_usd: 0 });
  });

  it("tells a credit the poll made itself, once", async () => {
    const { viewer } = await qualifiedView();
    expect(await poll(viewer.browser)).toMatchObject({ processed: 1, credited_usd: 0.003 });
    expect(await poll(viewer.browser)).toMatchObject({ processed: 0, credited_usd: 0 });
    expect(await runEarningsCron()).toMatchObject({ processed: 0 });
    expect(await poll(viewer.browser)).toMatchObject({ credited_usd: 0 });
  });

  it("two tabs polling at once after the cron tell it once between them", async () => {
    const { viewer } = await qualifiedView();
    await runEarningsCron();
    const answers = await Promise.all([poll(viewer.browser), poll(viewer.browser), poll(viewer.browser)]);
    expect(answers.map((a) => a.credited_usd).sort()).toEqual([0, 0, 0.003]);
    expect(await poll(viewer.browser)).toMatchObject({ credited_usd: 0 });
  });

  it("two tabs polling at once while the view is pending settle it and tell it once between them", async () => {
    const { viewer } = await qualifiedView();
    const answers = await Promise.all([poll(viewer.browser), poll(viewer.browser)]);
    expect(answers.map((a) => a.credited_usd).sort()).toEqual([0, 0.003]);
    expect(await earningsOf(viewer.id)).toEqual({ micros: 3000, n: 1 });
    expect(await poll(viewer.browser)).toMatchObject({ credited_usd: 0 });
  });

  it("two polls that read the same mark: the first to move it tells, the other tells nothing", async () => {
    const { viewer } = await qualifiedView();
    await runEarningsCron();
    const db = createDb(env.DB);
    // Both read before either writes, as two tabs interleaved by D1 would.
    const [a, b] = await Promise.all([owedTo(db, viewer.id, 25), owedTo(db, viewer.id, 25)]);
    expect(a.notice).toEqual({ seenRowid: 0, pending: true });
    expect(b.notice).toEqual(a.notice);
    expect(await tellCredits(db, viewer.id, a.notice.seenRowid)).toBe(3000);
    expect(await tellCredits(db, viewer.id, b.notice.seenRowid)).toBe(0);
    expect((await owedTo(db, viewer.id, 25)).notice.pending).toBe(false);
  });

  it("sums what the cron credited since the last notice, and then tells only what is newer", async () => {
    const creator = await established("creator");
    const viewer = await established("viewer");
    const items = await Promise.all([1, 2, 3].map(() => makeContent(creator.id, { durationMs: 10_000 })));
    for (const item of items.slice(0, 2))
      expect((await watchPaced(viewer.browser, viewer.id, item.id, 10_000)).qualified).toBe(true);
    await runEarningsCron();
    expect(await poll(viewer.browser)).toMatchObject({ credited_usd: 0.006 });
    expect((await watchPaced(viewer.browser, viewer.id, items[2]!.id, 10_000)).qualified).toBe(true);
    await runEarningsCron();
    expect(await poll(viewer.browser)).toMatchObject({ credited_usd: 0.003 });
  });

  it("is for the member's own views: a creator is not told of others' views, nor of a manual credit", async () => {
    const { creator } = await qualifiedView();
    await runEarningsCron();
    await env.DB.prepare(
      `insert into earnings (id, user_id, kind, amount_micros, description, created_at, available_at)
       values (?1, ?2, 'manual', 30000000, 'Manual earning', ?3, ?3)`,
    )
      .bind(crypto.randomUUID(), creator.id, new Date().toISOString())
      .run();
    expect(await earningsOf(creator.id)).toMatchObject({ n: 2 });
    expect(await poll(creator.browser)).toEqual({ processed: 0, message: "Nothing new to process", credited_usd: 0 });
  });

  it("writes nothing when there is nothing new to tell", async () => {
    const { viewer, creator } = await qualifiedView();
    // A member never credited has no mark, and idle polls give them none.
    await poll(creator.browser);
    expect(await markOf(creator.id)).toBeNull();
    await poll(viewer.browser);
    const told = await markOf(viewer.id);
    expect(told).toMatchObject({ told_micros: 3000 });
    // Told once; the polls after it read the same mark and leave it as it was.
    await poll(viewer.browser);
    await poll(viewer.browser);
    expect(await markOf(viewer.id)).toEqual(told);
  });

  it("reads the mark and what lies past it through indexes, not a scan of the member's earnings", async () => {
    const plan = await env.DB.prepare(`explain query plan ${OWED_SQL}`).bind("someone", 25).all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join("\n");
    expect(details).toMatch(/SEARCH e USING (COVERING )?INDEX earnings_viewer_notice_idx \(user_id=\? AND rowid>\?\)/);
    expect(details).toMatch(/credit_notices USING INDEX sqlite_autoindex_credit_notices_1 \(user_id=\?\)/);
    expect(details).not.toMatch(/SCAN (e|earnings|credit_notices)\b(?! USING)/);
  });
});
