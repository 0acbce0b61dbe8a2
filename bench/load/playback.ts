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
import type { PlaybackEventResponse, PlaybackStartResponse } from "../../common/api-types.ts";
import { sleep, type Client } from "./client.ts";
import type { Item, User } from "./setup.ts";
import type { ViewsModel } from "./views-model.ts";

export type Rng = { next: () => number; pick: <T>(xs: readonly T[]) => T };

/** Media seconds per wall second of a valid player. */
export const PLAYER_PACE = 1.5;
const tickMs = (r: Rng) => 500 + Math.round(r.next() * 500);
const seconds = (ms: number) => Math.round(ms) / 1000;

export const KIND = {
  start: "playback start",
  event: "playback event",
  early: "invalid: complete too early",
  pastEnd: "invalid: past the end",
  foreign: "invalid: foreign view",
  burstStart: "attack: burst start",
  burstEvent: "attack: burst 80 % event",
} as const;

async function start(c: Client, model: ViewsModel, user: User, item: Item, kind: string = KIND.start): Promise<string | null> {
  const body = { content_id: item.id, event_type: "start", second_mark: 0, discovery_method: "browse", device_fingerprint: `load-${user.email}` };
  const res = await c.call<PlaybackStartResponse>(kind, "POST", "/api/playback-events", { cookie: user.cookie, body, ok: [201] });
  if (!res.json) return null;
  model.started(res.json.view_id, user.id, item);
  return res.json.view_id;
}

async function event(c: Client, kind: string, user: User, item: Item, viewId: string, type: "progress" | "complete", second: number, expect: { ok?: number[]; expected4xx?: number[] } = {}) {
  const body = { content_id: item.id, view_id: viewId, event_type: type, second_mark: second };
  return c.call<PlaybackEventResponse>(kind, "POST", "/api/events/playback", { cookie: user.cookie, body, ...expect });
}

type Played = { qualified: boolean; failed: boolean };

/**
 * Plays a started session at the valid pace until the end (a complete at 100 %), or until it qualified with
 * `untilQualified` (a viewer who moves on at 80 %). With `retry`, the complete goes out twice at once (a
 * client retrying on a slow answer): still one view, credited once. Every valid position must be accepted.
 */
async function play(c: Client, model: ViewsModel, user: User, item: Item, viewId: string, since: number, r: Rng, o: { retry?: boolean; untilQualified?: boolean } = {}): Promise<Played> {
  let qualified = false;
  for (;;) {
    await sleep(tickMs(r));
    const positionMs = Math.min(item.durationMs, PLAYER_PACE * (performance.now() - since));
    const type = positionMs >= item.durationMs ? "complete" : "progress";
    const send = () => event(c, KIND.event, user, item, viewId, type, seconds(positionMs));
    const answers = o.retry && type === "complete" ? await Promise.all([send(), send()]) : [await send()];
    for (const res of answers) {
      if (!res.json) return { qualified, failed: true }; // an HTTP error, already counted
      if (!res.json.accepted) model.anomaly(`valid ${type} at ${seconds(positionMs)} s of ${item.title} refused (view ${viewId})`);
      if (res.json.qualified) {
        qualified = true;
        model.qualified(viewId);
      }
    }
    if (type === "complete" || (o.untilQualified && qualified)) return { qualified, failed: false };
  }
}

/** One valid session: it is the viewer's only one, so it must qualify (items under 5 s too; they just never earn). */
export async function watch(c: Client, model: ViewsModel, user: User, item: Item, r: Rng, o: { retry?: boolean; untilQualified?: boolean } = {}) {
  const viewId = await start(c, model, user, item);
  if (!viewId) return;
  const { qualified, failed } = await play(c, model, user, item, viewId, performance.now(), r, o);
  if (!qualified && !failed) model.anomaly(`valid session of ${item.title} (${item.durationMs / 1000} s) never qualified (view ${viewId})`);
}

/**
 * A viewer with several tabs: `items.length` starts at once, then every session played at the valid pace.
 * The object takes the starts one after another and only the last one it took keeps earning, so exactly one
 * session may qualify (whichever that was; the client cannot tell which start the object took last).
 */
export async function tabs(c: Client, model: ViewsModel, user: User, items: Item[], r: Rng) {
  const ids = await Promise.all(items.map((item) => start(c, model, user, item)));
  const since = performance.now();
  const played = await Promise.all(items.map((item, i) => (ids[i] ? play(c, model, user, item, ids[i], since, r) : Promise.resolve(null))));
  if (ids.some((id) => !id) || played.some((p) => !p || p.failed)) return; // HTTP errors, already counted
  const n = played.filter((p) => p?.qualified).length;
  if (n !== 1) model.anomaly(`${items.length} sessions opened at once by ${user.email}: ${n} qualified, expected exactly 1 (views ${ids.join(", ")})`);
}

/** Open sessions a viewer's object keeps (MAX_OPEN_SESSIONS, worker/watch-sessions/watch-sessions.ts). */
export const MAX_OPEN_SESSIONS = 20;

/**
 * The attack of docs/decisions/015: many starts at once, then an 80 % event on each as soon as they are
 * answered. Each older session stopped earning at the next start, and the newest one has had far less than
 * 0.4 × its duration of server time (items of 6 s and more, answered within a second or so on loopback):
 * none may qualify. An object keeps 20 open sessions and ends the oldest beyond that, so of a burst of 24 the
 * 4 the object took first are gone when their events come (404, expected: exactly that many), and their D1
 * writes are the "ended" row of the report.
 */
export async function burst(c: Client, model: ViewsModel, user: User, items: Item[]) {
  const ids = await Promise.all(items.map((item) => start(c, model, user, item, KIND.burstStart)));
  if (ids.some((id) => !id)) return; // an HTTP error, already counted
  const answered = performance.now();
  const answers = await Promise.all(
    items.map((item, i) => event(c, KIND.burstEvent, user, item, ids[i]!, "progress", seconds(item.durationMs * 0.8), { expected4xx: [404] })),
  );
  if (answers.some((res) => res.status !== 200 && res.status !== 404)) return; // HTTP errors, already counted
  for (const [i, res] of answers.entries()) {
    if (res.json?.qualified) {
      const after = Math.round(performance.now() - answered);
      model.qualified(ids[i]!);
      model.anomaly(`burst session of ${items[i]!.title} qualified (view ${ids[i]}; answered ${after} ms after the starts were)`);
    }
  }
  const gone = answers.filter((res) => res.status === 404).length;
  const expected = Math.max(0, items.length - MAX_OPEN_SESSIONS);
  if (gone !== expected) model.anomaly(`burst of ${items.length} by ${user.email}: ${gone} sessions gone (404), expected ${expected}`);
}

/** Complete at 90 % right after the start of a long item: accepted as a position, but it must not qualify. */
export async function tooEarly(c: Client, model: ViewsModel, user: User, item: Item) {
  const viewId = await start(c, model, user, item);
  if (!viewId) return;
  const res = await event(c, KIND.early, user, item, viewId, "complete", seconds(item.durationMs * 0.9));
  if (res.json?.qualified) {
    model.qualified(viewId);
    model.anomaly(`too-early complete of ${item.title} qualified (view ${viewId})`);
  }
}

/** A position 5 s past the end: must be refused (accepted: false) and never qualify. */
export async function pastEnd(c: Client, model: ViewsModel, user: User, item: Item) {
  const viewId = await start(c, model, user, item);
  if (!viewId) return;
  const res = await event(c, KIND.pastEnd, user, item, viewId, "progress", item.durationMs / 1000 + 5);
  if (res.json?.accepted || res.json?.qualified) {
    if (res.json.qualified) model.qualified(viewId);
    model.anomaly(`past-end event on ${item.title} accepted (view ${viewId})`);
  }
}

/** Another viewer's view id: the server must answer 404 (no such view for this caller) and change nothing. */
export async function foreign(c: Client, model: ViewsModel, user: User, items: Item[]) {
  const other = model.recent.find((v) => v.viewerId !== user.id);
  if (!other) return;
  const item = items.find((i) => i.id === other.contentId);
  if (!item) return;
  const res = await event(c, KIND.foreign, user, item, other.viewId, "complete", item.durationMs / 1000, { ok: [], expected4xx: [404] });
  if (res.status === 200) model.anomaly(`foreign event on view ${other.viewId} answered 200`);
}
