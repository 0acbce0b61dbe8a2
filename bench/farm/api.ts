// The runner's calls to the bench Worker for `npm run bench:farm`: the real sign-in, upload and finalize of the
// template media, and the farm routes (bench/worker-entry/farm-routes.ts).
import { readFileSync } from "node:fs";
import { postJson, signIn } from "../lib/http.ts";

export type Row = Record<string, number | string | null>;

export const query = async <T = Row>(origin: string, sql: string, params: unknown[] = []) =>
  (await postJson<{ rows: T[] }>(`${origin}/bench/farm/query`, { sql, params })).rows;

/** The three demo challenges of scripts/seed.ts ($75 together): what a new member is enrolled in at sign-up. */
export const CHALLENGES = [
  {
    id: "01JBD3MCH0000000000000STRM",
    name: "Watch 10 streams",
    description: "Watch 10 different videos or tracks by other members, each to at least 80%.",
    type: "streams_completed",
    value: 10,
    bonusMicros: 25_000_000,
  },
  {
    id: "01JBD3MCH0000000000000VPDX",
    name: "Share your first upload",
    description: "Upload one video or audio track.",
    type: "content_uploaded",
    value: 1,
    bonusMicros: 25_000_000,
  },
  {
    id: "01JBD3MCH0000000000000VWS0",
    name: "Get a viewer for every upload",
    description:
      "Within a day of each of your uploads, another member on their own internet connection watches it to at least 80%.",
    type: "min_views_per_content",
    value: 1,
    bonusMicros: 25_000_000,
  },
];

export type Published = { id: string; status: number; body: string; row: Row | null };

/**
 * Upload → finalize of one file through the API, as the SPA does (sign, PUT to the signed URL, finalize),
 * signed in as `cookie`. Returns the content row finalize wrote (null when it refused the file, with why).
 */
export async function publish(
  origin: string,
  cookie: string,
  file: string,
  contentType: string,
  type: "video" | "audio",
): Promise<Published> {
  const bytes = readFileSync(file);
  const headers = { cookie, origin };
  const signed = await postJson<{ key: string; uploadUrl: string }>(
    `${origin}/api/uploads/sign`,
    { filename: file.split("/").pop(), contentType, fileSize: bytes.byteLength },
    headers,
  );
  const put = await fetch(new URL(signed.uploadUrl, origin), {
    method: "PUT",
    body: bytes,
    headers: { ...headers, "content-type": contentType },
  });
  if (!put.ok) return { id: "", status: put.status, body: await put.text(), row: null };
  const res = await fetch(`${origin}/api/content/finalize`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ r2_key: signed.key, type, title: `Bench template ${file.split("/").pop()}` }),
  });
  const body = await res.text();
  if (!res.ok) return { id: "", status: res.status, body, row: null };
  const { id } = JSON.parse(body) as { id: string };
  const [row] = await query(origin, "select * from content where id = ?1", [id]);
  return { id, status: res.status, body: body.slice(0, 300), row: row ?? null };
}

/** The real sign-in (dev login) for each email; returns email → user id. */
export async function signUpAll(
  origin: string,
  emails: string[],
): Promise<Map<string, { id: string; cookie: string }>> {
  const out = new Map<string, { id: string; cookie: string }>();
  for (const email of emails) {
    const cookie = await signIn(origin, email);
    const [row] = await query<{ id: string }>(origin, "select id from users where email = ?1", [email]);
    out.set(email, { id: row!.id, cookie });
  }
  return out;
}
