import { env } from "cloudflare:test";
import fc from "fast-check";
import { expect, it } from "vitest";
import { views } from "../../db/schema";
import { newId } from "../../lib/ids";
import { tombstone } from "../../test/deletion";
import { makeContent, makeUser, testDb } from "../../test/factories";
import { creditQualifiedViews } from "../earnings/credit-views";
import { decideReview } from "../reviews/decide-review";
import { runReviewSweep } from "../reviews/sweep";

// docs/decisions/028: for any interleaving of views, credits, deletions, sweeps and decisions, the
// caps and the sweep see exactly what they would have seen without the deletions. Each generated script runs
// twice on fresh accounts and items, once with its deletions and once without, and every view must end the
// same: settled the same way, paid the same on each side, covered by the same flags, reversed alike.

const DAY_MS = 24 * 3600_000;
// A low viewer cap, so the scripts reach it.
const VIEWER_CAP = 2;

const step = fc.oneof(
  { arbitrary: fc.record({ view: fc.tuple(fc.nat(2), fc.nat(2), fc.boolean()) }), weight: 6 },
  { arbitrary: fc.constant({ run: true as const }), weight: 2 },
  { arbitrary: fc.constant({ sweep: true as const }), weight: 2 },
  { arbitrary: fc.record({ decide: fc.nat(5), reverse: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ advanceDays: fc.integer({ min: 1, max: 3 }) }), weight: 1 },
  { arbitrary: fc.record({ remove: fc.nat(2) }), weight: 3 },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/**
 * A deletion only where it can happen: after the last view of its item starts (a deleted item cannot be
 * played; a view already open when it is deleted is recorded like any other, played in fraud-deletion.test.ts).
 */
const playable = (steps: Step[]) =>
  steps.filter(
    (s, i) => !("remove" in s) || !steps.slice(i + 1).some((later) => "view" in later && later.view[1] === s.remove),
  );

const scenario = fc.record({
  owners: fc.tuple(fc.nat(2), fc.nat(2), fc.nat(2)),
  steps: fc.array(step, { minLength: 8, maxLength: 24 }).map(playable),
});

type Outcome = {
  views: unknown[];
  flags: unknown[];
  deleted: number;
  capped: number;
  flagged: number;
  decided: number;
};

/** A flag as both runs can compare it: its ids replaced by their place in the script (P0…, I0…). */
function flagNamer(people: string[], items: string[]) {
  const names = new Map<string, string>([
    ...people.map((id, i) => [id, `P${i}`] as const),
    ...items.map((id, i) => [id, `I${i}`] as const),
  ]);
  // A ring's subject is whichever member's id sorts first, and fresh ids sort either way: a ring is named by
  // its members (the flag's user_ids) as a set.
  return (rule: string, subject: string, userIds: string) => {
    const ids = rule === "ring" ? (JSON.parse(userIds) as string[]) : subject.split(":");
    const parts = ids.map((id) => names.get(id) ?? "?");
    return `${rule} ${(rule === "ring" ? parts.sort() : parts).join(":")}`;
  };
}

/** Plays the script on fresh people and items from `start`; returns every view's end and every flag, by position. */
async function play(owners: readonly number[], steps: Step[], start: number, withDeletions: boolean): Promise<Outcome> {
  const db = testDb();
  const people = await Promise.all([0, 1, 2].map(() => makeUser()));
  const items = await Promise.all(owners.map((o) => makeContent(people[o]!.id, { durationMs: 20_000 })));
  const ips = [`ip-${newId().slice(10)}`, `ip-${newId().slice(10)}`];
  const flagName = flagNamer(
    people.map((p) => p.id),
    items.map((i) => i.id),
  );
  const viewIds: string[] = [];
  const reviewIds: string[] = [];
  let clock = start;
  let deleted = 0;
  let decided = 0;
  const now = () => new Date(clock).toISOString();
  for (const s of steps) {
    if ("view" in s) {
      // One second apart: the job settles the oldest first, so both runs settle in the same order.
      clock += 1000;
      const [viewer, item, sameAddress] = s.view;
      const at = now();
      const c = items[item]!;
      const id = newId();
      viewIds.push(id);
      await db.insert(views).values({
        id,
        contentId: c.id,
        viewerId: people[viewer]!.id,
        creatorId: c.createdBy,
        discoveryMethod: "browse",
        startedAt: at,
        lastEventAt: at,
        maxPositionMs: c.durationMs,
        watchTimeMs: c.durationMs,
        status: "qualified",
        qualifiedAt: at,
        qualifiedDay: at.slice(0, 10),
        ipHash: ips[sameAddress ? 0 : 1]!,
      });
    } else if ("run" in s) {
      await creditQualifiedViews(db, now(), 25, 100);
    } else if ("sweep" in s) {
      await runReviewSweep({ ctx: { db }, input: { now: now() } });
      const { results } = await env.DB.prepare(
        `select distinct r.id, r.rule, r.subject, r.user_ids as userIds from review_earnings re join earnings e on e.id = re.earning_id
         join reviews r on r.id = re.review_id where e.user_id in (?, ?, ?)`,
      )
        .bind(...people.map((p) => p.id))
        .all<{ id: string; rule: string; subject: string; userIds: string }>();
      // Flags opened by one sweep share a millisecond, so their ids do not order them: their names do.
      const opened = results.filter((r) => !reviewIds.includes(r.id));
      opened.sort((a, b) => (flagName(a.rule, a.subject, a.userIds) < flagName(b.rule, b.subject, b.userIds) ? -1 : 1));
      reviewIds.push(...opened.map((r) => r.id));
    } else if ("decide" in s) {
      const id = reviewIds[s.decide % Math.max(reviewIds.length, 1)];
      if (!id) continue;
      const open = await env.DB.prepare("select status from reviews where id = ?").bind(id).first<{ status: string }>();
      if (open?.status !== "open") continue;
      await decideReview({
        ctx: { db, actor: { id: people[0]!.id, isAdmin: true } },
        input: { reviewId: id, decision: s.reverse ? "reverse" : "clear", note: "property" },
      });
      decided++;
    } else if ("remove" in s) {
      if (withDeletions && (await tombstone(items[s.remove]!.id, items[s.remove]!.createdBy, now()))) deleted++;
    } else {
      clock += s.advanceDays * DAY_MS;
    }
  }
  // Whatever the script left qualified is settled, as the next cron run would.
  await creditQualifiedViews(db, now(), 25, 100);
  return {
    ...(await outcome(
      people.map((p) => p.id),
      items.map((i) => i.id),
      viewIds,
    )),
    deleted,
    decided,
  };
}

/** Every view's end and every flag of the run, with ids replaced by their position in the script. */
async function outcome(people: string[], items: string[], viewIds: string[]) {
  const flagName = flagNamer(people, items);
  const facts = await Promise.all(
    viewIds.map((id) =>
      env.DB.prepare(
        `select v.status, v.credit_slot as slot, v.unpaid_reason as unpaid,
         (select json_group_array(json_array(e.kind, e.amount_micros,
            exists (select 1 from reversals r where r.earning_id = e.id),
            (select group_concat(re.rule) from (select rule from review_earnings where earning_id = e.id order by rule) re)))
          from (select * from earnings where view_id = v.id order by kind) e) as paid
       from views v where v.id = ?`,
      )
        .bind(id)
        .first<{ status: string; slot: number | null; unpaid: string | null; paid: string }>(),
    ),
  );
  const { results: reviews } = await env.DB.prepare(
    `select r.rule, r.subject, r.user_ids as userIds, r.status, count(re.earning_id) as covered from reviews r join review_earnings re on re.review_id = r.id
     join earnings e on e.id = re.earning_id where e.user_id in (?, ?, ?) group by r.id`,
  )
    .bind(...people)
    .all<{ rule: string; subject: string; userIds: string; status: string; covered: number }>();
  return {
    views: facts.map((f) => ({ ...f!, paid: JSON.parse(f!.paid) as unknown })),
    flags: reviews.map((r) => `${flagName(r.rule, r.subject, r.userIds)} ${r.status} ${r.covered}`).sort(),
    capped: facts.filter((f) => f!.status === "unearnable").length,
    flagged: reviews.length,
  };
}

it("deletions never change what the caps and the sweep see: every view ends as it would have without them", async () => {
  await env.DB.prepare(
    "insert into settings (key, value, updated_at) values ('daily_earnable_views', ?, ?) on conflict (key) do update set value = excluded.value",
  )
    .bind(String(VIEWER_CAP), new Date().toISOString())
    .run();
  // What the generated scripts did, so the property cannot pass on scripts that never reach the rules.
  const seen = { deleted: 0, capped: 0, flagged: 0, decided: 0 };
  await fc.assert(
    fc.asyncProperty(scenario, async ({ owners, steps }) => {
      const start = Date.now();
      const withDeletions = await play(owners, steps, start, true);
      const without = await play(owners, steps, start, false);
      expect(withDeletions.views).toEqual(without.views);
      expect(withDeletions.flags).toEqual(without.flags);
      expect(withDeletions.decided).toBe(without.decided);
      seen.deleted += withDeletions.deleted;
      seen.capped += withDeletions.capped;
      seen.flagged += withDeletions.flagged;
      seen.decided += withDeletions.decided;
    }),
    { numRuns: 15, seed: 20261126 },
  );
  for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(0);
}, 300_000);
