// Setup for the load suite (not measured): the synthetic catalogue, one large R2 object to stream, the
// accounts (local sign-in), and the items players watch, which creators publish through the real upload flow
// (sign → PUT → finalize), so the server measures their durations from the files themselves.
// /bench/media cannot help there: its rows are always 600 s long.
import { readFileSync } from "node:fs";
import type { ContentJson, FinalizeResponse } from "../../common/schemas/content";
import type { CurrentUserJson } from "../../common/schemas/users";
import type { EarningRulesJson } from "../../common/schemas/earning-rules";
import type { UploadSignResponse } from "../../common/schemas/uploads";
import { getJson, postJson, signIn, timedRequest } from "../lib/http.ts";

export type User = { email: string; id: string; cookie: string };
/** `size`: the media's bytes (content.media_size), what a player streams and proof of delivery measures against. */
export type Item = { id: string; durationMs: number; createdBy: string; title: string; size: number };
export type World = {
  /** Viewers the player loops share out among themselves: no two loops ever play as one viewer. */
  viewers: User[];
  creators: User[];
  /** Watches one item after another for the whole run: the viewer who reaches the daily cap. */
  binger: User;
  /** Replays one item for the whole run: far more than 3 views of one item in a UTC day. */
  repeater: User;
  /** Viewers of the side-by-side phase only (object path vs the replaced D1 path). */
  sideBySide: User[];
  /** An admin (ADMIN_EMAILS of the bench Worker): sets the earning rules for the run. */
  admin: User;
  /** 6–8 s items: long enough to earn (the shortest earning item is 5 s by default). */
  earning: Item[];
  /** 3 s items: they qualify like any other, and settle unearnable (shorter than the shortest earning item). */
  short: Item[];
  /** Long items: the target of too-early completes and bursts; the 600 s stream item carries the side-by-side. */
  long: Item[];
  stream: Item;
};

const STREAM_BYTES = 8 * 1024 * 1024;
const STREAM_KEY = "bench/load-stream-8MiB.bin";

type Upload = { file: string; type: string; creator: number; kind: "earning" | "short" | "long" };
/** File, content type, the creator (index) who publishes it, and what it is for; durations as the server measures them. */
const UPLOADS: Upload[] = [
  { file: "seed/media/ava-retrowave-city.mp4", type: "video/mp4", creator: 0, kind: "earning" }, // 6 s
  { file: "seed/media/ava-forest-morning-walk.mp4", type: "video/mp4", creator: 0, kind: "earning" }, // 8 s
  { file: "seed/media/ben-rust-in-sixty-seconds.mp4", type: "video/mp4", creator: 1, kind: "earning" }, // 6 s
  { file: "seed/media/ben-knife-skills.mp4", type: "video/mp4", creator: 1, kind: "earning" }, // 7 s
  { file: "e2e/fixtures/clip-6s.mp4", type: "video/mp4", creator: 2, kind: "earning" }, // 6 s
  { file: "seed/media/ben-raspberry-pi-weather-station.mp4", type: "video/mp4", creator: 2, kind: "earning" }, // 7 s
  { file: "e2e/fixtures/clip-6s.mp4", type: "video/mp4", creator: 3, kind: "earning" }, // 6 s
  { file: "seed/media/ben-late-night-debugging.mp3", type: "audio/mpeg", creator: 3, kind: "earning" }, // 8.05 s
  { file: "e2e/fixtures/tiny.mp4", type: "video/mp4", creator: 0, kind: "short" }, // 3.0 s
  { file: "e2e/fixtures/tiny.mp3", type: "audio/mpeg", creator: 1, kind: "short" }, // 3.03 s
  { file: "e2e/fixtures/tiny.mp4", type: "video/mp4", creator: 2, kind: "short" },
  { file: "e2e/fixtures/tiny.mp3", type: "audio/mpeg", creator: 3, kind: "short" },
  { file: "seed/media/ben-ramen-from-scratch.mp4", type: "video/mp4", creator: 2, kind: "long" }, // 20 s
];

async function signedIn(origin: string, email: string): Promise<User> {
  const cookie = await signIn(origin, email);
  const { json } = await getJson<CurrentUserJson>(`${origin}/api/users/me`, { cookie });
  return { email, id: json.id, cookie };
}

async function details(origin: string, id: string, size: number): Promise<Item> {
  const { json } = await getJson<ContentJson>(`${origin}/api/content/${id}`);
  return { id, durationMs: Math.round(json.duration * 1000), createdBy: json.created_by, title: json.title, size };
}

async function publish(
  origin: string,
  user: User,
  file: string,
  type: string,
  n: number,
): Promise<{ id: string; size: number }> {
  const bytes = readFileSync(file);
  const headers = { cookie: user.cookie, origin };
  const name = file.split("/").at(-1)!;
  const signed = await postJson<UploadSignResponse>(
    `${origin}/api/uploads/sign`,
    { filename: name, contentType: type, fileSize: bytes.length },
    headers,
  );
  const put = await fetch(origin + signed.uploadUrl, {
    method: "PUT",
    body: bytes,
    headers: { ...headers, "content-type": type },
  });
  if (!put.ok) throw new Error(`PUT ${name}: ${put.status} ${await put.text()}`);
  const fin = await fetch(`${origin}/api/content/finalize`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({
      r2_key: signed.key,
      type: type.startsWith("video") ? "video" : "audio",
      title: `Load item ${n} ${name}`,
      tags: ["load"],
    }),
  });
  if (fin.status !== 201) throw new Error(`finalize ${name}: ${fin.status} ${await fin.text()}`);
  return { id: ((await fin.json()) as FinalizeResponse).id, size: bytes.length };
}

export async function buildWorld(
  origin: string,
  opts: { items: number; viewers: number; creators: number; sideBySide: number; adminEmail: string },
): Promise<World> {
  await postJson(`${origin}/bench/seed?n=${opts.items}&offset=0`);
  const media = await postJson<{ id: string }>(
    `${origin}/bench/media?key=${encodeURIComponent(STREAM_KEY)}&size=${STREAM_BYTES}`,
  );
  const accounts = async (prefix: string, n: number) => {
    const out: User[] = [];
    for (let i = 0; i < n; i++) out.push(await signedIn(origin, `${prefix}${i}@example.com`));
    return out;
  };
  const creators = await accounts("load-creator", opts.creators);
  const viewers = await accounts("load-viewer", opts.viewers);
  const binger = await signedIn(origin, "load-binger@example.com");
  const repeater = await signedIn(origin, "load-repeater@example.com");
  const sideBySide = await accounts("load-sxs-viewer", opts.sideBySide);
  const admin = await signedIn(origin, opts.adminEmail);
  const items: Record<Upload["kind"], Item[]> = { earning: [], short: [], long: [] };
  for (const [n, u] of UPLOADS.entries()) {
    const { id, size } = await publish(origin, creators[u.creator % creators.length]!, u.file, u.type, n);
    items[u.kind].push(await details(origin, id, size));
  }
  const stream = await details(origin, media.id, STREAM_BYTES);
  return { viewers, creators, binger, repeater, sideBySide, admin, ...items, long: [...items.long, stream], stream };
}

/** Sets one earning rule as an admin (PATCH /api/admin/earning-rules, audited) and answers the rules now in force. */
export async function setEarningRule(
  origin: string,
  admin: User,
  key: "daily_earnable_views" | "min_earning_seconds",
  value: number,
): Promise<EarningRulesJson> {
  const res = await timedRequest(`${origin}/api/admin/earning-rules`, {
    method: "PATCH",
    headers: { cookie: admin.cookie, origin, "content-type": "application/json" },
    body: JSON.stringify({ key, value }),
    keepBody: true,
  });
  if (res.status !== 200) throw new Error(`PATCH earning-rules: ${res.status} ${res.body?.toString().slice(0, 300)}`);
  return JSON.parse(res.body!.toString()) as EarningRulesJson;
}
