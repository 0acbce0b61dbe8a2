// Setup for the load suite (not measured): the synthetic catalogue, one large R2 object to stream, the
// accounts (local sign-in), and short items that creators publish through the real upload flow
// (sign → PUT → finalize), so the server measures their durations from the files themselves.
// /bench/media cannot help there: its rows are always 600 s long.
import { readFileSync } from "node:fs";
import type { ContentJson, CurrentUserJson, FinalizeResponse, UploadSignResponse } from "../../worker/api-types.ts";
import { getJson, postJson, signIn } from "../lib/http.ts";

export type User = { email: string; id: string; cookie: string };
export type Item = { id: string; durationMs: number; createdBy: string; title: string };
export type World = {
  viewers: User[];
  creators: User[];
  /** 3–6 s items: a view qualifies within a second or two of wall time. */
  short: Item[];
  /** Long items: the target of the deliberately invalid sessions (too-early completes, past the end). */
  long: Item[];
  stream: Item & { size: number };
};

export const STREAM_BYTES = 8 * 1024 * 1024;
const STREAM_KEY = "bench/load-stream-8MiB.bin";

/** File, content type and the creator (index) who publishes it. */
const UPLOADS: { file: string; type: string; creator: number; long?: true }[] = [
  ...[0, 1, 2, 3].flatMap((creator) => [
    { file: "e2e/fixtures/tiny.mp4", type: "video/mp4", creator }, // 3.0 s
    { file: "e2e/fixtures/tiny.mp3", type: "audio/mpeg", creator }, // 3.03 s
  ]),
  { file: "seed/media/ava-retrowave-city.mp4", type: "video/mp4", creator: 0 }, // 6 s: needs 0.4 s of wall time
  { file: "seed/media/ben-rust-in-sixty-seconds.mp4", type: "video/mp4", creator: 1 }, // 6 s
  { file: "seed/media/ben-ramen-from-scratch.mp4", type: "video/mp4", creator: 2, long: true }, // 20 s
];

async function signedIn(origin: string, email: string): Promise<User> {
  const cookie = await signIn(origin, email);
  const { json } = await getJson<CurrentUserJson>(`${origin}/api/users/me`, { cookie });
  return { email, id: json.id, cookie };
}

async function details(origin: string, id: string): Promise<Item> {
  const { json } = await getJson<ContentJson>(`${origin}/api/content/${id}`);
  return { id, durationMs: Math.round(json.duration * 1000), createdBy: json.created_by, title: json.title };
}

async function publish(origin: string, user: User, file: string, type: string, n: number): Promise<string> {
  const bytes = readFileSync(file);
  const headers = { cookie: user.cookie, origin };
  const name = file.split("/").at(-1)!;
  const signed = await postJson<UploadSignResponse>(`${origin}/api/uploads/sign`, { filename: name, contentType: type, fileSize: bytes.length }, headers);
  const put = await fetch(origin + signed.uploadUrl, { method: "PUT", body: bytes, headers: { ...headers, "content-type": type } });
  if (!put.ok) throw new Error(`PUT ${name}: ${put.status} ${await put.text()}`);
  const fin = await fetch(`${origin}/api/content/finalize`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ r2_key: signed.key, type: type.startsWith("video") ? "video" : "audio", title: `Load item ${n} ${name}`, tags: ["load"] }),
  });
  if (fin.status !== 201) throw new Error(`finalize ${name}: ${fin.status} ${await fin.text()}`);
  return ((await fin.json()) as FinalizeResponse).id;
}

export async function buildWorld(origin: string, opts: { items: number; viewers: number; creators: number }): Promise<World> {
  await postJson(`${origin}/bench/seed?n=${opts.items}&offset=0`);
  const media = await postJson<{ id: string }>(`${origin}/bench/media?key=${encodeURIComponent(STREAM_KEY)}&size=${STREAM_BYTES}`);
  const creators: User[] = [];
  for (let i = 0; i < opts.creators; i++) creators.push(await signedIn(origin, `load-creator${i}@example.com`));
  const viewers: User[] = [];
  for (let i = 0; i < opts.viewers; i++) viewers.push(await signedIn(origin, `load-viewer${i}@example.com`));
  const short: Item[] = [];
  const long: Item[] = [];
  for (const [n, u] of UPLOADS.entries()) {
    const id = await publish(origin, creators[u.creator % creators.length]!, u.file, u.type, n);
    (u.long ? long : short).push(await details(origin, id));
  }
  const stream = { ...(await details(origin, media.id)), size: STREAM_BYTES };
  long.push(stream);
  return { viewers, creators, short, long, stream };
}
