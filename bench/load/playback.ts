// Playback sessions as a player sends them (docs/architecture.md §4 "A view"; docs/decisions/015), valid and
// deliberately invalid. Each session says what the server must answer; anything else is an anomaly, beside
// the HTTP errors.
//
// The pacing rules (worker/domain/views/rules.ts) judge every position on the server's clock: an advance
// counts up to 2× the time since the previous accepted event plus 1.5 s, the total up to 2× the time since
// the start, and a view qualifies at 80 % of the duration watched. A valid player here reports its position
// at 1.5× real time (a viewer on fast-forward speed, well inside the limit), an event every 0.5–1 s, counted
// from when the start was answered (so never ahead of the server's clock): an earning session qualifies
// after 0.8 / 1.5 ≈ 53 % of the item's duration in wall time.
//
// Proof of delivery (docs/decisions/029): a view qualifies only when the viewer was also served ≥ 80 % of the
// item's bytes, so a valid player fetches the media (bench/load/media.ts) when it starts and plays once the
// bytes are there; the qualifying moment is then always an event (never a delivery report), which the
// objects' D1 counts rely on. `complete` ends a view at once and a newer start ends the viewer's older views
// that had not qualified: events for them get 404, which the sessions below expect exactly where they happen.
// Every start counts against the member's start limit (bench/load/start-budget.ts).
import type { PlaybackEventResponse, PlaybackStartResponse } from "../../common/schemas/playback";
import { sleep, type Client } from "./client.ts";
import { loadHalf, loadMedia } from "./media.ts";
import type { Item, User } from "./setup.ts";
import { noteStarts } from "./start-budget.ts";
import type { ViewsModel } from "./views-model.ts";

export type Rng = { next: () => number; pick: <T>(xs: readonly T[]) => T };

/** Media seconds per wall second of a valid player. */
export const PLAYER_PACE = 1.5;
const tickMs = (r: Rng) => 500 + Math.round(r.next() * 500);
const seconds = (ms: number) => Math.round(ms) / 1000;

const KIND = {
  start: "playback start",
  event: "playback event",
  early: "invalid: complete too early",
  pastEnd: "invalid: past the end",
  foreign: "invalid: foreign view",
  burstStart: "attack: burst start",
  burstEvent: "attack: burst 80 % event",
} as const;

/** A start as the player sends it; `viewId` null when it was refused (`status`) or failed (an error, counted). */
async function start(
  c: Client,
  model: ViewsModel,
  user: User,
  item: Item,
  kind: string = KIND.start,
  o: { expect429?: boolean } = {},
) {
  const body = {
    content_id: item.id,
    event_type: "start",
    second_mark: 0,
    discovery_method: "browse",
    device_fingerprint: `load-${user.email}`,
  };
  const sentAt = Date.now();
  const res = await c.call<PlaybackStartResponse>(kind, "POST", "/api/playback-events", {
    cookie: user.cookie,
    body,
    ok: [201],
    expected4xx: o.expect429 ? [429] : [],
  });
  noteStarts(user, 1, sentAt, Date.now());
  if (res.status === 429) model.refusedStart();
  if (!res.json) return { viewId: null, status: res.status };
  model.started(res.json.view_id, user.id, item);
  return { viewId: res.json.view_id, status: res.status };
}

async function event(
  c: Client,
  kind: string,
  user: User,
  item: Item,
  viewId: string,
  type: "progress" | "complete",
  second: number,
  expect: { ok?: number[]; expected4xx?: number[] } = {},
) {
  const body = { content_id: item.id, view_id: viewId, event_type: type, second_mark: second };
  return c.call<PlaybackEventResponse>(kind, "POST", "/api/events/playback", { cookie: user.cookie, body, ...expect });
}

/**
 * A start and the media at once, as a player asks for both when play is pressed; it plays (sends positions)
 * only once the media is there. Null when either failed (an HTTP error, counted) or the media came back
 * short (an anomaly: the view could not qualify).
 */
async function startWithMedia(c: Client, model: ViewsModel, user: User, item: Item) {
  const [started, media] = await Promise.all([start(c, model, user, item), loadMedia(c, user, item)]);
  if (media === "short")
    model.anomaly(`the stream of ${item.title} to ${user.email} came back short (view ${started.viewId})`);
  return started.viewId && media === "ok" ? started.viewId : null;
}

type Played = { qualified: boolean; failed: boolean; gone: boolean };

/**
 * Plays a started session at the valid pace until the end (a complete at 100 %), or until it qualified with
 * `untilQualified` (a viewer who moves on at 80 %). With `retry`, the complete goes out twice at once (a
 * client retrying on a slow answer): `complete` ends the view at once, so exactly one of the two finds it and
 * the other gets 404 (expected); still one view, credited once. With `mayBeGone` (a tab whose view a newer
 * start ended), a 404 ends the play as gone, expected. Every valid position must be accepted.
 */
async function play(
  c: Client,
  model: ViewsModel,
  user: User,
  item: Item,
  viewId: string,
  since: number,
  r: Rng,
  o: { retry?: boolean; untilQualified?: boolean; mayBeGone?: boolean } = {},
): Promise<Played> {
  let qualified = false;
  for (;;) {
    await sleep(tickMs(r));
    const positionMs = Math.min(item.durationMs, PLAYER_PACE * (performance.now() - since));
    const type = positionMs >= item.durationMs ? "complete" : "progress";
    const retry = Boolean(o.retry) && type === "complete";
    const expect = { expected4xx: retry || o.mayBeGone ? [404] : [] };
    const send = () => event(c, KIND.event, user, item, viewId, type, seconds(positionMs), expect);
    const answers = retry ? await Promise.all([send(), send()]) : [await send()];
    if (answers.some((res) => !res.json && res.status !== 404)) return { qualified, failed: true, gone: false }; // an HTTP error, counted
    const found = answers.filter((res) => res.json);
    if (!found.length) {
      if (o.mayBeGone && !retry) return { qualified, failed: false, gone: true };
      model.anomaly(`valid ${type} at ${seconds(positionMs)} s of ${item.title} answered 404 (view ${viewId})`);
      return { qualified, failed: true, gone: false };
    }
    if (retry && found.length !== 1)
      model.anomaly(`two completes at once of view ${viewId}: ${found.length} answered 200, expected exactly 1`);
    for (const res of found) {
      if (!res.json!.accepted)
        model.anomaly(`valid ${type} at ${seconds(positionMs)} s of ${item.title} refused (view ${viewId})`);
      if (res.json!.qualified) {
        qualified = true;
        model.qualified(viewId);
      }
    }
    if (type === "complete" || (o.untilQualified && qualified)) return { qualified, failed: false, gone: false };
  }
}

/**
 * One valid session: the media streamed (or replayed from the browser's cache), then played; it is the
 * viewer's only one, so it must qualify (items under 5 s too; they just never earn).
 */
export async function watch(
  c: Client,
  model: ViewsModel,
  user: User,
  item: Item,
  r: Rng,
  o: { retry?: boolean; untilQualified?: boolean } = {},
) {
  const viewId = await startWithMedia(c, model, user, item);
  if (!viewId) return;
  const { qualified, failed } = await play(c, model, user, item, viewId, performance.now(), r, o);
  if (!qualified && !failed)
    model.anomaly(`valid session of ${item.title} (${item.durationMs / 1000} s) never qualified (view ${viewId})`);
}

/**
 * A viewer with several tabs: `items.length` starts at once (each tab fetching its media), then every session
 * played at the valid pace. The object takes the starts one after another, and each start ends the views
 * before it that had not qualified (docs/decisions/029): exactly one session lives on and must qualify
 * (whichever start the object took last; the client cannot tell which), and every other tab's first event
 * gets 404 (expected: exactly `items.length − 1` of them).
 */
export async function tabs(c: Client, model: ViewsModel, user: User, items: Item[], r: Rng) {
  const ids = await Promise.all(items.map((item) => startWithMedia(c, model, user, item)));
  const since = performance.now();
  const played = await Promise.all(
    items.map((item, i) =>
      ids[i] ? play(c, model, user, item, ids[i], since, r, { mayBeGone: true }) : Promise.resolve(null),
    ),
  );
  if (ids.some((id) => !id) || played.some((p) => !p || p.failed)) return; // HTTP errors, already counted
  const n = played.filter((p) => p?.qualified).length;
  const gone = played.filter((p) => p?.gone).length;
  if (n !== 1 || gone !== items.length - 1) {
    model.anomaly(
      `${items.length} sessions opened at once by ${user.email}: ${n} qualified, ${gone} gone (404); expected 1 and ${items.length - 1} (views ${ids.join(", ")})`,
    );
  }
}

/**
 * The attack of docs/decisions/015: many starts at once, then an 80 % event on each as soon as they are
 * answered. Each start ends every view of the viewer before it that had not qualified (docs/decisions/029),
 * so of the starts the object took only the last one is still there: the events of all the others get 404
 * (expected: exactly one fewer than the starts taken), and their D1 writes ('ended', `another_session`) are the
 * "ended" row of the report. The one left has had far less than 0.4 × its duration of server time (items of
 * 6 s and more, answered within a second or so on loopback): it may not qualify. The burst does not mind the
 * start limit (docs/decisions/030): a start past 60 in the minute gets 429, an expected refusal.
 */
export async function burst(c: Client, model: ViewsModel, user: User, items: Item[]) {
  const starts = await Promise.all(
    items.map((item) => start(c, model, user, item, KIND.burstStart, { expect429: true })),
  );
  if (starts.some((s) => !s.viewId && s.status !== 429)) return; // an HTTP error, already counted
  const taken = items.flatMap((item, i) => (starts[i]!.viewId ? [{ item, viewId: starts[i]!.viewId! }] : []));
  const answered = performance.now();
  const answers = await Promise.all(
    taken.map(({ item, viewId }) =>
      event(c, KIND.burstEvent, user, item, viewId, "progress", seconds(item.durationMs * 0.8), { expected4xx: [404] }),
    ),
  );
  if (answers.some((res) => res.status !== 200 && res.status !== 404)) return; // HTTP errors, already counted
  for (const [i, res] of answers.entries()) {
    if (res.json?.qualified) {
      const after = Math.round(performance.now() - answered);
      model.qualified(taken[i]!.viewId);
      model.anomaly(
        `burst session of ${taken[i]!.item.title} qualified (view ${taken[i]!.viewId}; answered ${after} ms after the starts were)`,
      );
    }
  }
  const gone = answers.filter((res) => res.status === 404).length;
  const expected = Math.max(0, taken.length - 1);
  if (gone !== expected)
    model.anomaly(
      `burst of ${items.length} by ${user.email} (${taken.length} taken): ${gone} sessions gone (404), expected ${expected}`,
    );
}

/**
 * Complete at 90 % right after the start of a long item, its media streamed first (so the time rule alone
 * must refuse it): it must not qualify, and the complete ends it at once ('ended', `completed`).
 */
export async function tooEarly(c: Client, model: ViewsModel, user: User, item: Item) {
  const viewId = await startWithMedia(c, model, user, item);
  if (!viewId) return;
  const res = await event(c, KIND.early, user, item, viewId, "complete", seconds(item.durationMs * 0.9));
  if (res.json?.qualified) {
    model.qualified(viewId);
    model.anomaly(`too-early complete of ${item.title} qualified (view ${viewId})`);
  }
}

/** A position 5 s past the end: must be refused (accepted: false) and never qualify. */
export async function pastEnd(c: Client, model: ViewsModel, user: User, item: Item) {
  const { viewId } = await start(c, model, user, item);
  if (!viewId) return;
  const res = await event(c, KIND.pastEnd, user, item, viewId, "progress", item.durationMs / 1000 + 5);
  if (res.json?.accepted || res.json?.qualified) {
    if (res.json.qualified) model.qualified(viewId);
    model.anomaly(`past-end event on ${item.title} accepted (view ${viewId})`);
  }
}

/**
 * A player that paces its positions exactly like a valid one but stopped the download at half the item
 * (an item this viewer's browser never received whole, so nothing earlier counts for it): the watching
 * counts, the bytes do not (docs/decisions/029). It must never qualify; its complete ends it at once, written
 * 'ended' with `end_reason` `not_delivered`, which the ledger checks view by view.
 */
export async function halfStreamed(c: Client, model: ViewsModel, user: User, item: Item, r: Rng) {
  const [{ viewId }, half] = await Promise.all([start(c, model, user, item), loadHalf(c, user, item)]);
  if (!viewId || !half) return;
  const { qualified, failed } = await play(c, model, user, item, viewId, performance.now(), r);
  if (failed) return;
  model.undelivered(viewId);
  if (qualified) model.anomaly(`session of ${item.title} with half its media streamed qualified (view ${viewId})`);
}

/** Another viewer's view id: the server must answer 404 (no such view for this caller) and change nothing. */
export async function foreign(c: Client, model: ViewsModel, user: User, items: Item[]) {
  const other = model.recent.find((v) => v.viewerId !== user.id);
  if (!other) return;
  const item = items.find((i) => i.id === other.contentId);
  if (!item) return;
  const res = await event(c, KIND.foreign, user, item, other.viewId, "complete", item.durationMs / 1000, {
    ok: [],
    expected4xx: [404],
  });
  if (res.status === 200) model.anomaly(`foreign event on view ${other.viewId} answered 200`);
}
