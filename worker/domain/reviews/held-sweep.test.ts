import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { makeUser, testDb } from "../../test/factories";
import { heldItems, heldView, reverseReward } from "../../test/held-rewards";
import { runHeldRewardRules } from "./sweep";

// The incremental sweep (docs/decisions/080) judges a subject again when a fact its rule reads changes without a
// new reward of the subject: a hold that ends, an address a creator starts watching from, a reversal. Each case is
// one the sweep over every held reward (before 080) found on its next minute.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const sweep = (ms: number) => runHeldRewardRules({ ctx: { db: testDb() }, input: { now: iso(ms) } });
const flags = async (rule: string, subject: string) =>
  (
    await env.DB.prepare("select count(*) as n from reviews where rule = ?1 and subject = ?2 and status = 'open'")
      .bind(rule, subject)
      .first<{ n: number }>()
  )?.n;
/** An address key on its own network (the first 8 hex digits), unique to the test. */
const network = () =>
  Math.floor(Math.random() * 0xffffffff)
    .toString(16)
    .padStart(8, "0");

describe("the incremental sweep judges a subject again when", () => {
  it("the viewer's other rewards end their hold, and the creator they share a network with is now half their held views", async () => {
    const t0 = Date.now();
    const [viewer, creator, other] = await Promise.all(
      [0, 1, 2].map(() => makeUser({ createdAt: iso(t0 - 400 * DAY) })),
    );
    const [theirs, others] = await heldItems([creator!.id, other!.id], t0 - 500 * DAY);
    const home = network();
    // The creator watches from the home network (unpaid: it only records the address).
    await heldView(creator!.id, others!, `${home}00000001`, t0, { credited: false });
    // Three paid views of someone else, held a day; two of the creator from the creator's home, held a week.
    for (let i = 0; i < 3; i++) await heldView(viewer!.id, others!, `${network()}00000001`, t0, { holdMs: DAY });
    for (let i = 0; i < 2; i++) await heldView(viewer!.id, theirs!, `${home}00000002`, t0 + HOUR);
    await sweep(t0 + 2 * HOUR);
    expect(await flags("shared_ip", `${viewer!.id}:${creator!.id}`)).toBe(0);
    // Nothing new is written: only time passes.
    await sweep(t0 + DAY + 2 * HOUR);
    expect(await flags("shared_ip", `${viewer!.id}:${creator!.id}`)).toBe(1);
  });

  it("the creator starts watching from the viewer's network", async () => {
    const t0 = Date.now();
    const [viewer, creator, other] = await Promise.all(
      [0, 1, 2].map(() => makeUser({ createdAt: iso(t0 - 400 * DAY) })),
    );
    const [theirs, others] = await heldItems([creator!.id, other!.id], t0 - 500 * DAY);
    const home = network();
    for (let i = 0; i < 3; i++) await heldView(viewer!.id, theirs!, `${home}00000002`, t0);
    await sweep(t0 + HOUR);
    expect(await flags("shared_ip", `${viewer!.id}:${creator!.id}`)).toBe(0);
    // The creator's own unpaid view from that network: no reward of the viewer changes.
    await heldView(creator!.id, others!, `${home}00000001`, t0 + 2 * HOUR, { credited: false });
    await sweep(t0 + 3 * HOUR);
    expect(await flags("shared_ip", `${viewer!.id}:${creator!.id}`)).toBe(1);
  });

  it("the one older account's reward on an item is reversed, leaving only same-day accounts", async () => {
    const t0 = Date.now();
    const creator = await makeUser({ createdAt: iso(t0 - 400 * DAY) });
    const old = await makeUser({ createdAt: iso(t0 - 400 * DAY) });
    const fresh = await Promise.all([0, 1, 2].map(() => makeUser({ createdAt: iso(t0) })));
    const [item] = await heldItems([creator.id], t0 - 500 * DAY);
    for (const f of fresh) await heldView(f.id, item!, `${network()}00000001`, t0);
    const oldReward = await heldView(old.id, item!, `${network()}00000001`, t0);
    await sweep(t0 + HOUR);
    expect(await flags("same_day_accounts", item!.id)).toBe(0);
    await reverseReward(oldReward, t0 + 2 * HOUR);
    await sweep(t0 + 3 * HOUR);
    expect(await flags("same_day_accounts", item!.id)).toBe(1);
  });
});

describe("the counters of held rewards", () => {
  it("hold each subject while it has something in holding, and let it go when every hold has ended", async () => {
    const t0 = Date.now();
    const [viewer, creator] = await Promise.all([0, 1].map(() => makeUser({ createdAt: iso(t0 - 400 * DAY) })));
    const [item] = await heldItems([creator!.id], t0 - 500 * DAY);
    const rewards = [];
    for (let i = 0; i < 3; i++)
      rewards.push(await heldView(viewer!.id, item!, `${network()}00000001`, t0 + i * HOUR, { holdMs: DAY }));
    await reverseReward(rewards[0]!, t0 + 4 * HOUR);
    const counts = () =>
      env.DB.prepare(
        `select (select held from held_pairs where viewer_id = ?1 and creator_id = ?2) as pair,
                (select sum(held) from held_viewer_days where viewer_id = ?1) as days,
                (select held from held_items where content_id = ?3) as item,
                (select count(*) from sweep_dirty where subject in (?1, ?3)) as marked`,
      )
        .bind(viewer!.id, creator!.id, item!.id)
        .first();
    await sweep(t0 + 5 * HOUR);
    expect(await counts()).toEqual({ pair: 2, days: 2, item: 2, marked: 0 });
    // The second reward's hold ends: one left.
    await sweep(t0 + DAY + 90 * 60_000);
    expect(await counts()).toEqual({ pair: 1, days: 1, item: 1, marked: 0 });
    await sweep(t0 + 2 * DAY);
    expect(await counts()).toEqual({ pair: null, days: null, item: null, marked: 0 });
  });
});
