import { env } from "cloudflare:test";
import fc from "fast-check";
import { expect, it } from "vitest";
import { walletParts } from "../../db/queries/wallet/wallet";
import { views } from "../../db/schema";
import { newId } from "../../lib/ids";
import { makeContent, makeUser, testDb } from "../../test/factories";
import { balancesOf } from "../wallet/balances";
import { EARNABLE_VIEWS_PER_DAY, VIEW_REWARD_MICROS } from "../../../common/earning-policy";
import { creditQualifiedViews } from "./credit-views";

const DAYS = ["2026-03-01", "2026-03-02", "2026-03-03"];

// A scenario: who owns each of three items, then qualified views (viewer, item, day) with job runs (and
// concurrent pairs of runs) interleaved, and replays of runs that already happened.
const scenario = fc.record({
  owners: fc.tuple(fc.nat(2), fc.nat(2), fc.nat(2)),
  // Few (viewer, item, day) combinations and mostly views, so the daily cap is hit often.
  steps: fc.array(
    fc.oneof(
      { arbitrary: fc.record({ view: fc.tuple(fc.nat(2), fc.nat(1), fc.nat(1)) }), weight: 6 },
      { arbitrary: fc.constant({ run: 1 as const }), weight: 1 },
      { arbitrary: fc.constant({ run: 2 as const }), weight: 1 },
    ),
    { minLength: 10, maxLength: 30 },
  ),
});

it("pays 2 × $0.003 per earnable view, never more, and every wallet is the sum of its records", async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async ({ owners, steps }) => {
      const people = await Promise.all([0, 1, 2].map(() => makeUser()));
      const items = await Promise.all(owners.map((o) => makeContent(people[o]!.id)));
      const qualifiedPer = new Map<string, number>();
      const db = testDb();
      const now = new Date().toISOString();
      for (const step of steps) {
        if ("run" in step) {
          await Promise.all(Array.from({ length: step.run }, () => creditQualifiedViews(db, now, 3, 50)));
          continue;
        }
        const [viewer, item, day] = step.view;
        const content = items[item]!;
        await testDb().insert(views).values({
          id: newId(),
          contentId: content.id,
          viewerId: people[viewer]!.id,
          creatorId: content.createdBy,
          discoveryMethod: "browse",
          startedAt: now,
          lastEventAt: now,
          maxPositionMs: content.durationMs,
          status: "qualified",
          qualifiedAt: now,
          qualifiedDay: DAYS[day]!,
        });
        if (people[viewer]!.id !== content.createdBy) {
          const key = `${viewer}/${item}/${day}`;
          qualifiedPer.set(key, (qualifiedPer.get(key) ?? 0) + 1);
        }
      }
      await creditQualifiedViews(db, now, 3, 1000);

      const earnable = [...qualifiedPer.values()].reduce((n, c) => n + Math.min(EARNABLE_VIEWS_PER_DAY, c), 0);
      const ids = people.map((p) => p.id);
      const total = await env.DB.prepare(
        `select coalesce(sum(amount_micros), 0) as micros from earnings where user_id in (?, ?, ?)`,
      )
        .bind(...ids)
        .first<{ micros: number }>();
      expect(total!.micros).toBe(2 * VIEW_REWARD_MICROS * earnable);

      const perDay = await env.DB.prepare(
        `select max(n) as most from (select count(*) as n from earnings e join views v on v.id = e.view_id
           where e.kind = 'viewer' and e.user_id in (?, ?, ?) group by v.viewer_id, v.content_id, v.qualified_day)`,
      )
        .bind(...ids)
        .first<{ most: number | null }>();
      expect(perDay!.most ?? 0).toBeLessThanOrEqual(EARNABLE_VIEWS_PER_DAY);

      for (const person of people) {
        const { parts } = await walletParts(db, person.id, now);
        const rows = await env.DB.prepare(
          "select kind, coalesce(sum(amount_micros), 0) as micros from earnings where user_id = ? group by kind",
        )
          .bind(person.id)
          .all<{ kind: string; micros: number }>();
        const sum = (kind: string) => rows.results.find((r) => r.kind === kind)?.micros ?? 0;
        const b = balancesOf(parts);
        expect(b.viewerBalance).toBe(sum("viewer"));
        expect(b.creatorBalance).toBe(sum("creator"));
        // Own content never pays.
        const own = await env.DB.prepare(
          "select count(*) as n from earnings e join views v on v.id = e.view_id where e.user_id = ? and v.viewer_id = v.creator_id",
        )
          .bind(person.id)
          .first<{ n: number }>();
        expect(own!.n).toBe(0);
      }
    }),
    { numRuns: 20, seed: 20261121 },
  );
  // Real D1 writes for every generated scenario: slower than a unit test, still bounded.
}, 300_000);
