import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { countingDb } from "../../../test/counting-db";
import { newId } from "../../../lib/ids";
import { nowIso } from "../../../lib/time";
import { makeContent, makeQualifiedView, makeUser, testDb } from "../../../test/factories";
import { enrolInChallenges, refreshChallengeStatements } from "../challenges/challenge-progress";
import { insertViewStatement } from "../views/views";
import { PENDING_VIEWS_SQL, settleViewBatch } from "./settle-views";

// What a paid view writes to D1, counted from D1's own `meta.rows_written` per statement (every row and every
// index entry a write touches, triggers included: what D1 bills). bench/README.md "Cost per million" explains
// the counts row by row; docs/decisions/081-fewer-rows-per-paid-view.md says what was cut and why.

/** Runs a batch and answers each statement's rows written. */
async function rowsWritten(statements: D1PreparedStatement[]) {
  const results = await env.DB.batch(statements);
  return results.map((r) => r.meta.rows_written);
}

beforeEach(async () => {
  // The demo's three sign-on challenges (scripts/seed.ts), so viewer and creator are enrolled as a new member is.
  await env.DB.prepare("update challenges set is_active = 0").run();
  const at = nowIso();
  for (const [type, value] of [
    ["streams_completed", 5],
    ["content_uploaded", 1],
    ["min_views_per_content", 3],
  ] as const)
    await env.DB.prepare(
      `insert into challenges (id, name, description, requirement_type, requirement_value, bonus_micros, created_at, updated_at)
       values (?1, ?2, '', ?2, ?3, 1000000, ?4, ?4)`,
    )
      .bind(newId(), type, value, at)
      .run();
});

async function enrolledPair() {
  const viewer = await makeUser();
  const creator = await makeUser();
  for (const u of [viewer, creator]) await enrolInChallenges(testDb(), u.id, u.createdAt);
  const item = await makeContent(creator.id, { durationMs: 10_000 });
  return { viewer, creator, item };
}

const ADDRESS = "a1b2c3d4e5f60718293a4b5c6d7e8f90";

function qualifiedView(viewerId: string, item: { id: string; createdBy: string }, at: string) {
  return insertViewStatement(testDb(), {
    id: newId(),
    contentId: item.id,
    viewerId,
    creatorId: item.createdBy,
    discoveryMethod: "browse",
    ipHash: ADDRESS,
    startedAt: at,
    lastEventAt: at,
    maxPositionMs: 8_000,
    watchTimeMs: 8_000,
    qualifiedAt: at,
    qualifiedDay: at.slice(0, 10),
    status: "qualified",
  });
}

const memberDays = (userId: string) =>
  env.DB.prepare(
    `select m.side, m.views, m.qualified, m.credited, m.micros from member_view_days m join users u on u.num = m.user_num
     where u.id = ?1 order by m.side`,
  )
    .bind(userId)
    .all()
    .then((r) => r.results);

describe("rows written per paid view", () => {
  it("the qualifying event's batch writes the view with its indexes and aggregates, and only the challenge counts that moved", async () => {
    const { viewer, creator, item } = await enrolledPair();
    const refresh = (at: string) =>
      [viewer.id, creator.id].flatMap((id) => refreshChallengeStatements(env.DB, id, at, newId()));
    // The pair's first view of the day: its aggregate rows are new (the views row, its text key's index and 5 indexes;
    // content's view count, day stats and retention; recent finishes; pair, address, totals and both member days,
    // with the new rows' indexes). bench/README.md "Cost per million" has the table.
    const first = await rowsWritten([qualifiedView(viewer.id, item, nowIso()), ...refresh(nowIso())]);
    // Per member 4 statements: the counts that moved (the viewer's streams; the creator's uploads, which its
    // item completes and so is written twice), completions, the bonus and its check.
    expect(first, JSON.stringify(first)).toEqual([25, 1, 0, 0, 0, 1, 2, 0, 0]);
    // The same item again that day: the aggregates' rows exist and are updated, no challenge count moves (the
    // streams count distinct items), so the refresh writes nothing.
    const again = await rowsWritten([qualifiedView(viewer.id, item, nowIso()), ...refresh(nowIso())]);
    expect(again, JSON.stringify(again)).toEqual([18, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("crediting writes each reward with its indexes and counters, closes the view in one write, and tells the bell", async () => {
    const { viewer, creator, item } = await enrolledPair();
    const settle = async (viewId: string) => {
      const log: number[][] = [];
      expect((await settleViewBatch(countingDb(log), [viewId], nowIso())).views).toBe(1);
      return log.flat();
    };
    // Per view: the viewer's reward (row, its text key's index, 5 indexes, 3 held counters, its member day with the
    // credit: 11), the creator's (row, key, 4 indexes, day stats, member day: 8), the close (row, its place's 2
    // index entries, the pair's credited count: 4), then the two grouped notices (new rows with their 2 indexes each: decision 086 dropped the unread one).
    const first = await settle(await makeQualifiedView(viewer.id, item, nowIso(), ADDRESS));
    expect(first, JSON.stringify(first)).toEqual([11, 8, 4, 6, 6]);
    // A second credit the same day: the notices are updated in place, one row per member: no index keys on what
    // the update changes (the lifecycle's index is on the row's day, which a grouped line never leaves: decision 089).
    const other = await makeContent(creator.id, { durationMs: 10_000 });
    const second = await settle(await makeQualifiedView(viewer.id, other, nowIso(), ADDRESS));
    expect(second, JSON.stringify(second)).toEqual([11, 8, 4, 2, 2]);
    // The member days still count each credited view once per side, with its money (migration 0040).
    expect(await memberDays(viewer.id)).toEqual([{ side: 0, views: 2, qualified: 2, credited: 2, micros: 6_000 }]);
    expect(await memberDays(creator.id)).toEqual([{ side: 1, views: 2, qualified: 2, credited: 2, micros: 6_000 }]);
  });

  it("the earnings job finds pending views through the partial index of pending rows, never the whole table", async () => {
    const plan = await env.DB.prepare(`explain query plan ${PENDING_VIEWS_SQL}`).bind(25).all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join("\n");
    expect(details).toMatch(/SCAN views USING (COVERING )?INDEX views_viewer_pending_idx/);
  });
});
