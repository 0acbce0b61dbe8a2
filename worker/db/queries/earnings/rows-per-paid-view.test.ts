import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "../../client";
import { newId } from "../../../lib/ids";
import { nowIso } from "../../../lib/time";
import { makeContent, makeQualifiedView, makeUser, testDb } from "../../../test/factories";
import { enrolInChallenges, refreshChallengeStatements } from "../challenges/challenge-progress";
import { insertViewStatement } from "../views/views";
import { settleViewBatch } from "./settle-views";

// What a paid view writes to D1, counted from D1's own `meta.rows_written` per statement (every row and every
// index entry a write touches, triggers included: what D1 bills). bench/README.md "Cost per million" explains
// the counts row by row; docs/decisions/081-fewer-rows-per-paid-view.md says what was cut and why.

/** Runs a batch and answers each statement's rows written. */
async function rowsWritten(statements: D1PreparedStatement[]) {
  const results = await env.DB.batch(statements);
  return results.map((r) => r.meta.rows_written);
}

/** The same D1, recording the rows each batch statement wrote (settle-views builds its own batch). */
function countingDb(log: number[][]) {
  const d1 = new Proxy(env.DB, {
    get(target, key) {
      if (key === "batch")
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements);
          log.push(results.map((r) => r.meta.rows_written));
          return results;
        };
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return createDb(d1);
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

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

describe("rows written per paid view", () => {
  it("the qualifying event's batch: the view row with its indexes and aggregates, and the challenge refresh", async () => {
    const { viewer, creator, item } = await enrolledPair();
    const at = nowIso();
    const statements = [
      insertViewStatement(testDb(), {
        id: newId(),
        contentId: item.id,
        viewerId: viewer.id,
        creatorId: creator.id,
        discoveryMethod: "browse",
        ipHash: "a1b2c3d4e5f60718293a4b5c6d7e8f90",
        startedAt: at,
        lastEventAt: at,
        maxPositionMs: 8_000,
        watchTimeMs: 8_000,
        qualifiedAt: at,
        qualifiedDay: at.slice(0, 10),
        status: "qualified",
      }),
      ...[viewer.id, creator.id].flatMap((id) => refreshChallengeStatements(env.DB, id, at, newId())),
    ];
    const rows = await rowsWritten(statements);
    console.log("qualifying", JSON.stringify(rows), sum(rows));
    expect(sum(rows)).toBeGreaterThan(0);
  });

  it("crediting one view: its place, both rewards, closing it, the bell's notices", async () => {
    const { viewer, item } = await enrolledPair();
    const log: number[][] = [];
    const viewId = await makeQualifiedView(viewer.id, item, nowIso(), "a1b2c3d4e5f60718293a4b5c6d7e8f90");
    const settled = await settleViewBatch(countingDb(log), [viewId], nowIso());
    expect(settled.views).toBe(1);
    console.log("crediting", JSON.stringify(log), sum(log.flat()));
    // a second view of another item the same day (per-day aggregates now exist)
    const other = await makeContent(item.createdBy, { durationMs: 10_000 });
    const second = await makeQualifiedView(viewer.id, other, nowIso(), "a1b2c3d4e5f60718293a4b5c6d7e8f90");
    const log2: number[][] = [];
    await settleViewBatch(countingDb(log2), [second], nowIso());
    console.log("crediting second", JSON.stringify(log2), sum(log2.flat()));
  });
});
