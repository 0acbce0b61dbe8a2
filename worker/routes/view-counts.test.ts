import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ContentJson, ContentListResponse } from "../../common/schemas/content";
import type { CreatorPageJson } from "../../common/schemas/users";
import { insertViewStatement } from "../db/queries/views/views";
import { makeContent, makeQualifiedView, testDb } from "../test/factories";
import { member } from "../test/members";
import { suspend } from "../test/moderation";
import { runEarningsCron, watchPaced } from "../test/views";

// View counts (docs/decisions/047): an item's count is kept in the statements that write the facts,
// and must always equal what the definition counts over the views themselves.

/** The definition, counted the expensive way: qualified views by others than the creator, none reversed. */
async function countedFromViews(contentId: string) {
  const row = await env.DB.prepare(
    `select count(*) as n from views v where v.content_id = ?1 and v.qualified_at is not null and v.viewer_id <> v.creator_id
       and not exists (select 1 from reversals r where r.view_id = v.id)`,
  )
    .bind(contentId)
    .first<{ n: number }>();
  return row!.n;
}

const stored = async (contentId: string) =>
  (await env.DB.prepare("select view_count as n from content where id = ?").bind(contentId).first<{ n: number }>())!.n;

async function scene() {
  const creator = await member("creator");
  const item = await makeContent(creator.id, { durationMs: 10_000 });
  return { creator, item };
}

describe("view counts", () => {
  it("count each qualified view by someone else once, in the batch that writes it, and agree with the views", async () => {
    const s = await scene();
    const expectCount = async (n: number, label: string) => {
      expect(await stored(s.item.id), label).toBe(n);
      expect(await countedFromViews(s.item.id), `${label} (definition)`).toBe(n);
    };
    await expectCount(0, "new item");

    const first = await member("viewer");
    expect((await watchPaced(first.browser, first.id, s.item.id, 10_000)).qualified).toBe(true);
    await expectCount(1, "one honest view");

    // Half watched: the view reaches D1 as `ended`, and is no view.
    const half = await member("half");
    await watchPaced(half.browser, half.id, s.item.id, 10_000, { untilFraction: 0.5 });
    await expectCount(1, "a half-watched view");

    // The creator watching their own item qualifies but is not a view of it.
    expect((await watchPaced(s.creator.browser, s.creator.id, s.item.id, 10_000)).qualified).toBe(true);
    await expectCount(1, "the creator's own view");

    // The same viewer again, later the same day: a second qualified view is a second view.
    expect((await watchPaced(first.browser, first.id, s.item.id, 10_000)).qualified).toBe(true);
    await expectCount(2, "a second view by the same viewer");

    // Being paid moves the view to `credited`: still one view.
    await runEarningsCron();
    await expectCount(2, "after the earnings job");
  });

  it("a write the object retries counts nothing twice", async () => {
    const s = await scene();
    const viewer = await member("viewer");
    const id = await makeQualifiedView(viewer.id, { id: s.item.id, createdBy: s.creator.id, durationMs: 10_000 });
    const row = await env.DB.prepare("select * from views where id = ?").bind(id).first<Record<string, string>>();
    const record = {
      id,
      contentId: s.item.id,
      viewerId: viewer.id,
      creatorId: s.creator.id,
      discoveryMethod: "browse" as const,
      startedAt: row!.started_at!,
      lastEventAt: row!.last_event_at!,
      qualifiedAt: row!.qualified_at!,
      qualifiedDay: row!.qualified_day!,
      status: "qualified" as const,
      watchTimeMs: 10_000,
      maxPositionMs: 10_000,
    };
    await testDb().$client.batch([insertViewStatement(testDb(), record), insertViewStatement(testDb(), record)]);
    expect(await stored(s.item.id)).toBe(1);
    expect(await countedFromViews(s.item.id)).toBe(1);
  });

  it("a view whose rewards are reversed leaves the count once, both sides reversed", async () => {
    const s = await scene();
    const honest = await member("honest");
    const farmed = await member("farmed");
    expect((await watchPaced(honest.browser, honest.id, s.item.id, 10_000)).qualified).toBe(true);
    expect((await watchPaced(farmed.browser, farmed.id, s.item.id, 10_000)).qualified).toBe(true);
    await runEarningsCron();
    expect(await stored(s.item.id)).toBe(2);
    // Suspending the viewer reverses the held rewards of their views, viewer and creator side.
    await suspend(farmed.id);
    const reversed = await env.DB.prepare(
      "select count(*) as n from reversals r join views v on v.id = r.view_id where v.viewer_id = ?",
    )
      .bind(farmed.id)
      .first<{ n: number }>();
    expect(reversed!.n).toBe(2);
    expect(await stored(s.item.id)).toBe(1);
    expect(await countedFromViews(s.item.id)).toBe(1);
  });

  it("shows on cards, on the item and on the creator page, read from the item rows", async () => {
    const s = await scene();
    const other = await makeContent(s.creator.id, { durationMs: 10_000, type: "audio" });
    const viewer = await member("viewer");
    for (const item of [s.item, s.item, other]) {
      expect((await watchPaced(viewer.browser, viewer.id, item.id, 10_000)).qualified).toBe(true);
    }
    const item = await (await viewer.browser.fetch(`/api/content/${s.item.id}`)).json<ContentJson>();
    expect(item.view_count).toBe(2);
    const cards = await (
      await viewer.browser.fetch(`/api/content?creator=${s.creator.id}`)
    ).json<ContentListResponse>();
    expect(Object.fromEntries(cards.items.map((c) => [c.id, c.view_count]))).toEqual({ [s.item.id]: 2, [other.id]: 1 });
    const page = await (await viewer.browser.fetch(`/api/users/${s.creator.id}`)).json<CreatorPageJson>();
    expect(page.view_count).toBe(3);
  });
});
