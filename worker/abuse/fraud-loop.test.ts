import { describe, expect, it } from "vitest";
import { EARNABLE_VIEWS_PER_DAY, VIEW_REWARD_MICROS } from "../../common/earning-policy";
import { makeContent } from "../test/factories";
import { calculate, member } from "../test/members";
import { earningsOf, watchPaced } from "../test/views";

// The player's loop (docs/decisions/102) against the earning rules. A looping player reports each time around as
// the player reports any playthrough: `complete` at the end, then a new start (src/hooks/use-playback-reporting.ts:
// playing again after the end starts a new view). Each is judged by the same rules, so a tab left looping a short
// item all day earns what the daily caps allow and no more: EARNABLE_VIEWS_PER_DAY paid views per viewer, item and
// UTC day (within daily_earnable_views), and nothing at all for an item under the shortest earning length.

describe("a looping player", () => {
  it("an unattended loop of a 10 s item, eight times around, pays 3 views to each side and no more", async () => {
    const creator = await member("creator");
    const viewer = await member("looper");
    const item = await makeContent(creator.id, { durationMs: 10_000 });
    const rounds = [];
    // Every time around streams the media again and reports at 1×: the most a looping tab can prove.
    for (let i = 0; i < 8; i++) rounds.push(await watchPaced(viewer.browser, viewer.id, item.id, 10_000));
    expect(rounds.every((r) => r.qualified)).toBe(true);
    expect(new Set(rounds.map((r) => r.viewId)).size).toBe(8);
    await calculate(viewer.browser);
    expect(EARNABLE_VIEWS_PER_DAY).toBe(3);
    expect(await earningsOf(viewer.id)).toEqual({ micros: 3 * VIEW_REWARD_MICROS, n: 3 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 3 * VIEW_REWARD_MICROS, n: 3 });
  });

  it("a loop of a 3 s item (under the shortest earning length) pays nothing, however many times around", async () => {
    const creator = await member("creator");
    const viewer = await member("short-looper");
    const clip = await makeContent(creator.id, { durationMs: 3000 });
    for (let i = 0; i < 6; i++) await watchPaced(viewer.browser, viewer.id, clip.id, 3000);
    await calculate(viewer.browser);
    expect(await earningsOf(viewer.id)).toEqual({ micros: 0, n: 0 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 0, n: 0 });
  });
});
