import { describe, expect, it } from "vitest";
import { makeContent, makeUser } from "../test/factories";
import { member } from "../test/members";
import { expireNow, passTime, sendProgress, type SqlRows, sqlRowsDuring, startView, streamMedia } from "../test/views";

// What each playback event costs in the viewer's watch-session object's own SQLite, measured from each
// statement's cursor (`rowsWritten`, what Cloudflare bills): a progress event writes at most one row
// (docs/decisions/075-one-write-per-event.md); the moments that matter write what they need.

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
    // The moments that matter write what they change. A start inserts its session (the row and its primary key: 2),
    // the object's first also its viewer's id (2), and stops the earning one beside it (1). A session leaving writes
    // its last accepted position into the history (the row, its key and its time index: 3) and deletes its own (1).
    expect(measured, report).toMatchObject({
      "first start": { rowsWritten: 4 },
      "start beside a qualified view": { rowsWritten: 3 },
      "start that stops an older view": { rowsWritten: 6 },
      "complete (qualified)": { rowsWritten: 4 },
      "complete (not qualified)": { rowsWritten: 4 },
      "alarm (one view expires)": { rowsWritten: 1 },
    });
  });
});
