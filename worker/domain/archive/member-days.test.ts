import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ARCHIVE_WINDOW_DEFAULTS } from "../../../common/data-lifecycle";
import type { MyViewsResponse } from "../../../common/schemas/my-views";
import { archivedDay } from "../../db/queries/archive/archive";
import { views } from "../../db/schema";
import { newId } from "../../lib/ids";
import { makeContent, testDb } from "../../test/factories";
import type { Browser } from "../../test/http";
import { established } from "../../test/members";
import { verifyArchivedDay } from "./read-archive";
import { runDataLifecycle } from "./run-lifecycle";

const DAY_MS = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const BIG = { rowsPerPart: 1, partsPerRun: 1000, timeMs: 60_000 };

const setting = (key: string, value: string) =>
  env.DB.prepare(
    `insert into settings (key, value, updated_at) values (?1, ?2, '') on conflict (key) do update set value = excluded.value`,
  )
    .bind(key, value)
    .run();

/** A view that ended on `at` (qualified, so "unearnable" once settled, when `qualified`). */
async function pastView(viewerId: string, item: { id: string; createdBy: string }, at: string, qualified: boolean) {
  await testDb()
    .insert(views)
    .values({
      id: newId(),
      contentId: item.id,
      viewerId,
      creatorId: item.createdBy,
      discoveryMethod: "browse",
      startedAt: at,
      lastEventAt: at,
      maxPositionMs: 20_000,
      watchTimeMs: 20_000,
      status: qualified ? "unearnable" : "ended",
      qualifiedAt: qualified ? at : null,
      qualifiedDay: qualified ? at.slice(0, 10) : null,
      endReason: qualified ? null : "expired",
    });
}

async function dayOf(b: Browser, date: string, as: "viewer" | "creator") {
  const res = await b.fetch(`/api/me/views?date=${date}&as=${as}`);
  expect(res.status).toBe(200);
  return res.json<MyViewsResponse>();
}

const memberDaysOf = async (userId: string) =>
  (await env.DB.prepare(
    "select count(*) as n from member_view_days where user_num = (select num from users where id = ?1)",
  )
    .bind(userId)
    .first<{ n: number }>())!.n;

describe("the member-days dataset (docs/decisions/061)", () => {
  it("moves a day's summaries to R2 after its views, keeps the rows of a member with a view kept as evidence, and every summary reads the same", async () => {
    const [viewer, creator, claimant, other] = [
      await established("md-viewer"),
      await established("md-creator"),
      await established("md-claimant"),
      await established("md-other"),
    ];
    const item = await makeContent(creator.id, { durationMs: 20_000 });
    const othersItem = await makeContent(other.id, { durationMs: 20_000 });
    const now = Date.now();
    const at = iso(now - 20 * DAY_MS);
    const date = at.slice(0, 10);
    await pastView(viewer.id, item, at, true);
    await pastView(viewer.id, item, iso(now - 20 * DAY_MS + 60_000), false);
    await pastView(claimant.id, othersItem, at, true);
    // The claimant's open sign-on challenge covers that day: their view stays in D1 as claim evidence (053).
    const challengeId = newId();
    await env.DB.batch([
      env.DB.prepare(
        `insert into challenges (id, name, description, requirement_type, requirement_value, bonus_micros, is_active, created_at, updated_at)
        values (?1, 'kept', 'kept', 'streams_completed', 10, 1000000, 0, ?2, ?2)`,
      ).bind(challengeId, at),
      env.DB.prepare(
        `insert into challenge_progress (user_id, challenge_id, requirement_type, requirement_value, bonus_micros, enrolled_at, deadline_at)
        values (?1, ?2, 'streams_completed', 10, 1000000, ?3, ?4)`,
      ).bind(claimant.id, challengeId, iso(now - 21 * DAY_MS), iso(now + DAY_MS)),
    ]);
    await setting("earnings_hold_days", "1");
    await setting("archive_views_after_days", "2");
    try {
      const before = {
        viewer: await dayOf(viewer.browser, date, "viewer"),
        creator: await dayOf(creator.browser, date, "creator"),
        claimant: await dayOf(claimant.browser, date, "viewer"),
      };
      expect(before.viewer.archived).toBeNull();
      const report = await runDataLifecycle({ ctx: { env }, input: { nowMs: now, budget: BIG } });
      expect(report.datasets.find((d) => d.dataset === "member-days")?.error ?? null).toBeNull();
      expect((await archivedDay(env.DB, "member-days", date))?.status).toBe("done");
      expect(await verifyArchivedDay(env, "member-days", date)).toEqual({ ok: true, problems: [] });
      // The viewer's and the creator's rows left D1; the claimant's stays with their kept view, and so does the
      // creator side of the item's owner, whose day that view also counts in.
      expect(await memberDaysOf(viewer.id)).toBe(0);
      expect(await memberDaysOf(creator.id)).toBe(0);
      expect(await memberDaysOf(claimant.id)).toBe(1);
      expect(await memberDaysOf(other.id)).toBe(1);
      const after = {
        viewer: await dayOf(viewer.browser, date, "viewer"),
        creator: await dayOf(creator.browser, date, "creator"),
        claimant: await dayOf(claimant.browser, date, "viewer"),
      };
      expect(after.viewer.archived).toEqual({ views: 2, qualified: 1, credited: 0, amount_usd: 0, reversed: 0 });
      expect(after.creator.archived).toEqual({ views: 2, qualified: 1, credited: 0, amount_usd: 0, reversed: 0 });
      expect((await dayOf(other.browser, date, "creator")).archived).toEqual({
        views: 1,
        qualified: 1,
        credited: 0,
        amount_usd: 0,
        reversed: 0,
      });
      expect(after.claimant.archived).toEqual({ views: 1, qualified: 1, credited: 0, amount_usd: 0, reversed: 0 });
      // A side without views that day reads as zeros.
      expect((await dayOf(viewer.browser, date, "creator")).archived).toEqual({
        views: 0,
        qualified: 0,
        credited: 0,
        amount_usd: 0,
        reversed: 0,
      });
      // Only the claimant's kept view is still listed.
      expect(after.claimant.views).toHaveLength(1);
      expect(after.viewer.views).toHaveLength(0);
      // No row leaves without a part's permit: today's rows are in none.
      await pastView(viewer.id, item, iso(now), false);
      await expect(
        env.DB.prepare("delete from member_view_days where user_num = (select num from users where id = ?1)")
          .bind(viewer.id)
          .run(),
      ).rejects.toThrow(/member view days are permanent/);
      expect(await memberDaysOf(viewer.id)).toBe(1);
    } finally {
      await setting("archive_views_after_days", String(ARCHIVE_WINDOW_DEFAULTS.archive_views_after_days));
      await setting("earnings_hold_days", "7");
    }
  });
});
