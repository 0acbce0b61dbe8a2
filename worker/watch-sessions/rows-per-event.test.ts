import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { watchSessionsOf } from "../domain/views/watch-sessions-of";
import { newId } from "../lib/ids";
import { makeContent, makeUser } from "../test/factories";
import { member } from "../test/members";
import {
  deliveredRanges,
  expireNow,
  passTime,
  sendProgress,
  type SqlRows,
  sqlRowsDuring,
  startView,
  streamMedia,
} from "../test/views";
import type { WatchSessions } from "./watch-sessions";

// What each playback event costs in the viewer's watch-session object's own SQLite, measured from each
// statement's cursor (`rowsWritten`, what Cloudflare bills): a progress event writes at most one row
// (docs/decisions/075-one-write-per-event.md); the moments that matter write what they need, and a delivery report
// one row (docs/decisions/084-rows-of-the-watch-session-object.md). An index added to a table of the object fails here.

/** The factory's largest media is 1 MiB: 8 ranges of 128 KiB stand for a player's 1 MiB ranges of a larger file. */
const RANGE_BYTES = 128 * 1024;

const measured: Record<string, SqlRows> = {};
const rowsOf = async <T>(name: string, viewerId: string, work: () => Promise<T>) => {
  const { result, ...rows } = await sqlRowsDuring(viewerId, work);
  measured[name] = rows;
  return result;
};
const written = (name: string) => measured[name]!.rowsWritten;

describe("rows written per playback event", () => {
  it("a heartbeat, a 10 % step, a pause position or the qualifying event write one row; a refused one none", async () => {
    const viewer = await member("rows");
    const creator = await makeUser();
    const [item, other, third] = [
      await makeContent(creator.id, { durationMs: 100_000 }),
      await makeContent(creator.id, { durationMs: 100_000 }),
      await makeContent(creator.id, { durationMs: 100_000 }),
    ];
    const viewId = await rowsOf("first start", viewer.id, () => startView(viewer.browser, item.id));
    await rowsOf("delivery reports (the item streamed whole)", viewer.id, () => streamMedia(viewer.browser, item.id));
    // A heartbeat every 10 s; the player's 10 % steps of a 100 s item fall on the same seconds.
    for (let s = 10; s <= 70; s += 10) {
      await passTime(viewer.id, 10_000);
      const res = await rowsOf(`progress ${s}`, viewer.id, () => sendProgress(viewer.browser, item.id, s, viewId));
      expect(res.body).toMatchObject({ accepted: true, qualified: false });
    }
    await passTime(viewer.id, 4_000);
    await rowsOf("pause position", viewer.id, () => sendProgress(viewer.browser, item.id, 74, viewId));
    const back = await rowsOf("refused (backwards)", viewer.id, () =>
      sendProgress(viewer.browser, item.id, 30, viewId),
    );
    expect(back.body).toMatchObject({ accepted: false });
    await passTime(viewer.id, 6_000);
    const qualifying = await rowsOf("qualifying", viewer.id, () => sendProgress(viewer.browser, item.id, 80, viewId));
    expect(qualifying.body).toMatchObject({ accepted: true, qualified: true });
    await passTime(viewer.id, 10_000);
    await rowsOf("progress after qualifying", viewer.id, () => sendProgress(viewer.browser, item.id, 90, viewId));

    // A newer start leaves the qualified view open (it no longer earns); its complete ends it.
    const otherView = await rowsOf("start beside a qualified view", viewer.id, () =>
      startView(viewer.browser, other.id),
    );
    await passTime(viewer.id, 10_000);
    await rowsOf("progress of a view that no longer earns", viewer.id, () =>
      sendProgress(viewer.browser, item.id, 100, viewId),
    );
    await rowsOf("complete (qualified)", viewer.id, () =>
      sendProgress(viewer.browser, item.id, 100, viewId, "complete"),
    );
    await passTime(viewer.id, 10_000);
    await rowsOf("progress 10 (other)", viewer.id, () => sendProgress(viewer.browser, other.id, 10, otherView));
    // A start that stops an unqualified view ends it (D1 `ended`) and writes its position to the history.
    const thirdView = await rowsOf("start that stops an older view", viewer.id, () =>
      startView(viewer.browser, third.id),
    );
    await passTime(viewer.id, 5_000);
    await rowsOf("progress 5 (third)", viewer.id, () => sendProgress(viewer.browser, third.id, 5, thirdView));
    await rowsOf("complete (not qualified)", viewer.id, () =>
      sendProgress(viewer.browser, third.id, 10, thirdView, "complete"),
    );
    await startView(viewer.browser, item.id);
    await passTime(viewer.id, 4 * 3600_000);
    await rowsOf("alarm (one view expires)", viewer.id, () => expireNow(viewer.id));

    const report = JSON.stringify(measured, null, 1);
    for (const name of [
      ...[10, 20, 30, 40, 50, 60, 70].map((s) => `progress ${s}`),
      "pause position",
      "qualifying",
      "progress after qualifying",
      "progress of a view that no longer earns",
      "progress 10 (other)",
      "progress 5 (third)",
    ])
      expect(written(name), `${name}\n${report}`).toBeLessThanOrEqual(1);
    expect(written("refused (backwards)"), report).toBe(0);
    // The moments that matter write what they change, one row each: the tables are keyed by what they look up and
    // stored once, with no other index (docs/decisions/084-rows-of-the-watch-session-object.md). A start inserts its
    // session (1; the session carries the viewer's id, which no call writes apart) and stops the earning one beside
    // it (1). A session leaving keeps its last accepted position in the history (1) and deletes its own row (1).
    // The stream's one report (a 1,000-byte item flows whole) inserts its range (1).
    expect(measured, report).toMatchObject({
      "first start": { rowsWritten: 1 },
      "delivery reports (the item streamed whole)": { rowsWritten: 1 },
      "start beside a qualified view": { rowsWritten: 2 },
      "start that stops an older view": { rowsWritten: 3 },
      "complete (qualified)": { rowsWritten: 2 },
      "complete (not qualified)": { rowsWritten: 2 },
      "alarm (one view expires)": { rowsWritten: 1 },
    });
  });
});

describe("rows written per delivery report", () => {
  it("a response's reports write one row each: the first inserts its range, a later one extends it in place", async () => {
    const viewer = await member("rows-reports");
    const contentId = newId();
    const stub = watchSessionsOf(env, viewer.id);
    // The stream route's reports of one response (counted-body.ts): a stall, another stall, the end, each covering
    // the whole range so far.
    for (const [name, end] of [
      ["first report", 300],
      ["stall", 600],
      ["end", 1000],
    ] as const)
      await rowsOf(name, viewer.id, () =>
        runInDurableObject(stub, (object: WatchSessions) =>
          object.delivered({ viewerId: viewer.id, contentId, start: 0, end }),
        ),
      );
    // A later response over part of it: the range it splits keeps its start in place (1), the part left after it
    // moves to a new start (1), and the new range is inserted (1).
    await rowsOf("a range inside a kept one", viewer.id, () =>
      runInDurableObject(stub, (object: WatchSessions) =>
        object.delivered({ viewerId: viewer.id, contentId, start: 200, end: 400 }),
      ),
    );
    const report = JSON.stringify(measured, null, 1);
    expect(measured, report).toMatchObject({
      "first report": { rowsWritten: 1 },
      stall: { rowsWritten: 1 },
      end: { rowsWritten: 1 },
      "a range inside a kept one": { rowsWritten: 3 },
    });
    expect(await deliveredRanges(viewer.id, contentId)).toEqual([
      [0, 200],
      [200, 400],
      [400, 1000],
    ]);
  });

  it("a player's byte ranges write one row per range through the stream route", async () => {
    const viewer = await member("rows-ranges");
    const creator = await makeUser();
    const item = await makeContent(creator.id, { mediaSize: 8 * RANGE_BYTES });
    for (let i = 0; i < 8; i++)
      await rowsOf(`range ${i}`, viewer.id, () =>
        streamMedia(viewer.browser, item.id, `bytes=${i * RANGE_BYTES}-${(i + 1) * RANGE_BYTES - 1}`),
      );
    // The same range again (a seek back): its row is rewritten in place.
    await rowsOf("range 0 again", viewer.id, () => streamMedia(viewer.browser, item.id, `bytes=0-${RANGE_BYTES - 1}`));
    const report = JSON.stringify(measured, null, 1);
    for (let i = 0; i < 8; i++) expect(written(`range ${i}`), report).toBe(1);
    expect(written("range 0 again"), report).toBe(1);
    expect(await deliveredRanges(viewer.id, item.id)).toHaveLength(8);
  });
});
