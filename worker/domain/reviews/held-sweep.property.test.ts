import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { candidatesSql, type EarningRuleName } from "../../db/queries/reviews/review-rules";
import { makeUser, testDb } from "../../test/factories";
import { heldItems, heldView, reverseReward } from "../../test/held-rewards";
import { runHeldRewardRules } from "./sweep";

// The incremental sweep (docs/decisions/080) finds what a sweep over every held reward finds. Random small
// worlds live through random steps on a fake clock — views credited from a few addresses on shared networks,
// viewer-side reversals, a member watching from a new address without being paid, the clock moving hours or
// days (holds end), the daily cap changing — and after every step the sweep runs once. Then each rule, run
// over every subject of the world and every held reward (what the sweep did before 080, every minute), must find
// nothing left uncovered: every pattern it sees, the incremental sweep has flagged and covered already. (It cannot
// flag more: it flags through the same statements, over a subset of the subjects.)

const DAY_MS = 86_400_000;
/** Short, so holds end often within a world's steps. */
const HOLD_DAYS = 2;
const RULES: EarningRuleName[] = ["shared_ip", "daily_cap", "same_day_accounts"];
/** Address keys: the first 8 hex digits name the network (an IPv4 address, an IPv6 /56). */
const ADDRESSES = ["a1a1a1a1" + "00000001", "a1a1a1a1" + "00000002", "b2b2b2b2" + "00000001", "c3c3c3c3" + "00000001"];

type Step =
  | { kind: "view"; viewer: number; item: number; address: number; slot: number }
  | { kind: "reverse"; pick: number }
  | { kind: "address"; member: number; address: number }
  | { kind: "advance"; hours: number }
  | { kind: "cap"; cap: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant("view" as const),
      viewer: fc.nat(5),
      item: fc.nat(3),
      address: fc.nat(3),
      slot: fc.nat(2),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reverse" as const), pick: fc.nat(50) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("address" as const), member: fc.nat(5), address: fc.nat(3) }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("advance" as const), hours: fc.integer({ min: 1, max: 30 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cap" as const), cap: fc.integer({ min: 2, max: 4 }) }) },
);

const iso = (ms: number) => new Date(ms).toISOString();

describe("the incremental sweep", () => {
  it("leaves nothing a sweep over every held reward would flag", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), fc.nat(3), async (steps, fresh) => {
        // Noon UTC of today: the worlds (fixed by the seed) cross UTC days at the same hours whenever the suite
        // runs; from the real time of day, a run at 01:50 UTC made worlds in which daily_cap never had a day to flag.
        let clock = Math.floor(Date.now() / DAY_MS) * DAY_MS + 12 * 3_600_000;
        // Six members, the last `fresh` of them created on the world's first day (same_day_accounts), the rest long before.
        const members = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            makeUser({ createdAt: iso(i >= 6 - fresh ? clock : clock - 400 * DAY_MS) }),
          ),
        );
        // Four items, of members 0, 1, 2 and 0.
        const items = await heldItems(
          [0, 1, 2, 0].map((m) => members[m]!.id),
          clock - 500 * DAY_MS,
        );
        const rewards: string[] = [];
        const holdMs = HOLD_DAYS * DAY_MS;
        for (const s of steps) {
          if (s.kind === "view") {
            const item = items[s.item]!;
            const viewer = members[s.viewer]!.id;
            if (viewer !== item.creator)
              for (let k = 0; k <= s.slot; k++)
                rewards.push(await heldView(viewer, item, ADDRESSES[s.address]!, clock, { holdMs }));
          } else if (s.kind === "address") {
            await heldView(members[s.member]!.id, items[(s.member + 1) % items.length]!, ADDRESSES[s.address]!, clock, {
              credited: false,
            });
          } else if (s.kind === "reverse" && rewards.length) {
            await reverseReward(rewards.splice(s.pick % rewards.length, 1)[0]!, clock);
          } else if (s.kind === "advance") {
            clock += s.hours * 3_600_000;
          } else if (s.kind === "cap") {
            await env.DB.prepare(
              "insert into settings (key, value, updated_at) values ('daily_earnable_views', ?1, ?2) on conflict (key) do update set value = excluded.value",
            )
              .bind(String(s.cap), iso(clock))
              .run();
          }
          await runHeldRewardRules({ ctx: { db: testDb() }, input: { now: iso(clock) } });
          const viewers = JSON.stringify(members.map((m) => m.id));
          const itemIds = JSON.stringify(items.map((it) => it.id));
          for (const rule of RULES) {
            const { results } = await env.DB.prepare(candidatesSql(rule))
              .bind(iso(clock), rule === "same_day_accounts" ? itemIds : viewers)
              .all<{ subject: string }>();
            expect({ rule, after: s, left: results.map((r) => r.subject) }).toEqual({ rule, after: s, left: [] });
          }
        }
      }),
      { numRuns: 25, seed: 20261129 },
    );
    // The worlds made each rule flag something, so the property above was not met by finding nothing.
    const { results } = await env.DB.prepare("select rule, count(*) as n from reviews group by rule").all<{
      rule: string;
      n: number;
    }>();
    expect(
      Object.fromEntries(
        results.filter((r) => RULES.includes(r.rule as EarningRuleName)).map((r) => [r.rule, r.n > 0]),
      ),
    ).toEqual({
      shared_ip: true,
      daily_cap: true,
      same_day_accounts: true,
    });
  }, 600_000);
});
