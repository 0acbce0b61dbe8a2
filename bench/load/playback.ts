// Playback sessions as a player sends them (DESIGN.md §4 "A view"), valid and deliberately invalid.
// Each session says what the server must answer; anything else is an anomaly, beside the HTTP errors.
import type { PlaybackEventResponse, PlaybackStartResponse } from "../../worker/api-types.ts";
import { sleep, type Client } from "./client.ts";
import type { Item, User } from "./setup.ts";
import type { ViewsModel } from "./views-model.ts";

/** Progress every ~0.5 s, as a player reports it; positions in seconds. */
const TICK_MS = 500;
const START = "playback start";
const EVENT = "playback event";
const INVALID = { early: "invalid: complete too early", pastEnd: "invalid: past the end", foreign: "invalid: foreign view" };

async function start(c: Client, model: ViewsModel, user: User, item: Item): Promise<string | null> {
  const body = { content_id: item.id, event_type: "start", second_mark: 0, discovery_method: "browse", device_fingerprint: `load-${user.email}` };
  const res = await c.call<PlaybackStartResponse>(START, "POST", "/api/playback-events", { cookie: user.cookie, body, ok: [201] });
  if (!res.json) return null;
  model.started(res.json.view_id, user.id, item.id, item.createdBy);
  return res.json.view_id;
}

async function event(c: Client, kind: string, user: User, item: Item, viewId: string, type: "progress" | "complete", second: number, expect: { ok?: number[]; expected4xx?: number[] } = {}) {
  const body = { content_id: item.id, view_id: viewId, event_type: type, second_mark: second };
  return c.call<PlaybackEventResponse>(kind, "POST", "/api/events/playback", { cookie: user.cookie, body, ...expect });
}

/**
 * start → progress at 35 %, 70 %, 85 % → complete at 100 %, 0.5 s apart. On a 3–6 s item the time rule
 * (40 % of the duration minus 2 s) is met by the third event, so the view must qualify. With `retry`, the
 * last event goes out twice at once (a client retrying on a slow answer): still one view, credited once.
 */
export async function watch(c: Client, model: ViewsModel, user: User, item: Item, retry = false) {
  const viewId = await start(c, model, user, item);
  if (!viewId) return;
  const d = item.durationMs / 1000;
  let qualified = false;
  for (const [type, f] of [["progress", 0.35], ["progress", 0.7], ["progress", 0.85], ["complete", 1]] as const) {
    await sleep(TICK_MS);
    const send = () => event(c, EVENT, user, item, viewId, type, Math.round(d * f * 1000) / 1000);
    const answers = retry && type === "complete" ? await Promise.all([send(), send()]) : [await send()];
    for (const res of answers) {
      if (!res.json) return; // an HTTP error, already counted
      if (!res.json.accepted) model.anomaly(`valid ${type} at ${f} of ${item.title} refused (view ${viewId})`);
      if (res.json.qualified) {
        qualified = true;
        model.qualified(viewId);
      }
    }
  }
  if (!qualified) model.anomaly(`valid session of ${item.title} (${d} s) never qualified (view ${viewId})`);
}

/** Complete at 90 % right after the start of a long item: accepted as progress, but it must not qualify. */
export async function tooEarly(c: Client, model: ViewsModel, user: User, item: Item) {
  const viewId = await start(c, model, user, item);
  if (!viewId) return;
  const res = await event(c, INVALID.early, user, item, viewId, "complete", Math.round(item.durationMs * 0.9) / 1000);
  if (res.json?.qualified) {
    model.qualified(viewId);
    model.anomaly(`too-early complete of ${item.title} qualified (view ${viewId})`);
  }
}

/** A position 5 s past the end: must be refused (accepted: false) and never qualify. */
export async function pastEnd(c: Client, model: ViewsModel, user: User, item: Item) {
  const viewId = await start(c, model, user, item);
  if (!viewId) return;
  const res = await event(c, INVALID.pastEnd, user, item, viewId, "progress", item.durationMs / 1000 + 5);
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
  const res = await event(c, INVALID.foreign, user, item, other.viewId, "complete", item.durationMs / 1000, { ok: [], expected4xx: [404] });
  if (res.status === 200) model.anomaly(`foreign event on view ${other.viewId} answered 200`);
}
