// Bench-only routes that set a world up or look into it: synthetic users and content (bench/synthetic.ts),
// signed-in pollers, one large media object, a bare R2 pass-through (the streaming baseline), search counts,
// and EXPLAIN / SELECT by hand. Raw D1 on purpose: they write what the product never writes (bench rows).
import { sha256Hex } from "../../worker/lib/crypto.ts";
import { newId } from "../../worker/lib/ids.ts";
import { nowIso } from "../../worker/lib/time.ts";
import { QUERY_WORDS, seedStatements, syntheticUser, ulidLike } from "../synthetic.ts";
import { json } from "./json.ts";

export async function r2PassThrough(request: Request, env: Env, url: URL): Promise<Response> {
  const key = url.searchParams.get("key");
  if (!key) return json({ error: "key is required" }, 400);
  const m = request.headers.get("range")?.match(/^bytes=(\d+)-(\d*)$/);
  const range = m ? { offset: Number(m[1]), length: m[2] ? Number(m[2]) - Number(m[1]) + 1 : undefined } : undefined;
  const obj = await env.MEDIA.get(key, range ? { range } : undefined);
  if (!obj) return json({ error: "not found" }, 404);
  const headers = new Headers({
    "content-type": obj.httpMetadata?.contentType ?? "application/octet-stream",
    etag: obj.httpEtag,
    "accept-ranges": "bytes",
  });
  if (range) {
    const length = range.length ?? obj.size - range.offset;
    headers.set("content-range", `bytes ${range.offset}-${range.offset + length - 1}/${obj.size}`);
    headers.set("content-length", String(length));
  } else {
    headers.set("content-length", String(obj.size));
  }
  return new Response(obj.body, { status: range ? 206 : 200, headers });
}

const BATCH_STATEMENTS = 300;

export async function seed(env: Env, url: URL): Promise<Response> {
  const n = Number(url.searchParams.get("n") ?? "0");
  const offset = Number(url.searchParams.get("offset") ?? "0");
  if (!Number.isInteger(n) || !Number.isInteger(offset) || n < 1 || offset < 0 || n > 200_000) {
    return json({ error: "n (1..200000) and offset (>= 0) must be integers" }, 400);
  }
  const statements = seedStatements(offset, offset + n);
  let batches = 0;
  for (let s = 0; s < statements.length; s += BATCH_STATEMENTS) {
    const chunk = statements.slice(s, s + BATCH_STATEMENTS);
    await env.DB.batch(chunk.map((st) => env.DB.prepare(st.sql).bind(...st.params)));
    batches++;
  }
  return json({ offset, n, statements: statements.length, batches });
}

const POLLER_ROWS_PER_STATEMENT = 20;

/**
 * `POST /bench/pollers?n=…`: n signed-in members who only keep a home page open (the cheap-poll phase of
 * bench:load): a user row and a session each, written straight to D1 (n sign-ins through the API would meet
 * its per-address limit). Returns their session cookies.
 */
export async function pollers(env: Env, url: URL): Promise<Response> {
  const n = Number(url.searchParams.get("n") ?? "0");
  if (!Number.isInteger(n) || n < 1 || n > 10_000) return json({ error: "n must be an integer within 1..10000" }, 400);
  const now = nowIso();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const rows = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const token = `poller-${i}-${crypto.randomUUID()}`;
      return {
        id: newId(),
        email: `poller-${i}-${token.slice(-8)}@bench.example`,
        token,
        hash: await sha256Hex(token),
      };
    }),
  );
  const statements: D1PreparedStatement[] = [];
  for (let s = 0; s < rows.length; s += POLLER_ROWS_PER_STATEMENT) {
    const chunk = rows.slice(s, s + POLLER_ROWS_PER_STATEMENT);
    const marks = (cols: number) => chunk.map(() => `(${Array(cols).fill("?").join(", ")})`).join(", ");
    statements.push(
      env.DB.prepare(`insert into users (id, email, created_at) values ${marks(3)}`).bind(
        ...chunk.flatMap((r) => [r.id, r.email, now]),
      ),
    );
    statements.push(
      env.DB.prepare(`insert into sessions (token_hash, user_id, created_at, expires_at) values ${marks(4)}`).bind(
        ...chunk.flatMap((r) => [r.hash, r.id, now, expires]),
      ),
    );
  }
  await env.DB.batch(statements);
  return json({ cookies: rows.map((r) => `__Host-rp_session=${r.token}`) });
}

/** Deterministic bytes (xorshift32): incompressible, and the same object on every run. */
function pseudoRandomBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  const words = new Uint32Array(bytes.buffer, 0, Math.floor(size / 4));
  let x = 2463534242;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  return bytes;
}

const MEDIA_OWNER = 999_999;

export async function media(env: Env, url: URL): Promise<Response> {
  const key = url.searchParams.get("key");
  const size = Number(url.searchParams.get("size"));
  if (!key || !Number.isInteger(size) || size < 1) return json({ error: "key and size are required" }, 400);
  const head = await env.MEDIA.head(key);
  if (head?.size !== size)
    await env.MEDIA.put(key, pseudoRandomBytes(size), { httpMetadata: { contentType: "video/mp4" } });
  const owner = syntheticUser(MEDIA_OWNER);
  const createdAt = "2023-01-01T00:00:00.000Z";
  const id = ulidLike(Date.parse(createdAt), size, 3);
  await env.DB.batch([
    env.DB.prepare("insert or ignore into users (id, email, username, created_at) values (?, ?, ?, ?)").bind(
      owner.id,
      owner.email,
      "bench_uploader",
      owner.createdAt,
    ),
    env.DB.prepare(
      `insert or replace into content (id, title, description, type, tags, r2_key, media_size, media_content_type,
         thumbnail_key, duration_ms, created_by, created_at, updated_at)
       values (?, ?, ?, 'video', 'bench', ?, ?, 'video/mp4', null, 600000, ?, ?, ?)`,
    ).bind(id, `Bench stream ${size} bytes`, "Throughput test object", key, size, owner.id, createdAt, createdAt),
  ]);
  return json({ id, key, size });
}

export async function stats(env: Env): Promise<Response> {
  const count = (sql: string, ...params: unknown[]) =>
    env.DB.prepare(sql)
      .bind(...params)
      .first<number>("n");
  const [contentRows, users, common, rare, prefix, unique] = await Promise.all([
    count("select count(*) as n from content"),
    count("select count(*) as n from users"),
    count("select count(*) as n from content_search where content_search match ?", `"${QUERY_WORDS.common}"*`),
    count("select count(*) as n from content_search where content_search match ?", `"${QUERY_WORDS.rare}"*`),
    count("select count(*) as n from content_search where content_search match ?", `"${QUERY_WORDS.prefix}"*`),
    count("select count(*) as n from content_search where content_search match ?", `"${QUERY_WORDS.unique}"*`),
  ]);
  return json({ content: contentRows, users, matches: { common, rare, prefix, unique } });
}

export async function explain(env: Env, request: Request): Promise<Response> {
  const { sql, params } = await request.json<{ sql: string; params: unknown[] }>();
  if (!/^\s*(select|with)\b/i.test(sql)) return json({ error: "only SELECT statements are explained" }, 400);
  const { results } = await env.DB.prepare(`explain query plan ${sql}`)
    .bind(...params)
    .all<{ id: number; parent: number; detail: string }>();
  return json({ plan: results });
}

/** Runs one SELECT and answers with its row count and first rows: for trying query shapes by hand. */
export async function select(env: Env, request: Request): Promise<Response> {
  const { sql, params } = await request.json<{ sql: string; params: unknown[] }>();
  if (!/^\s*(select|with)\b/i.test(sql)) return json({ error: "only SELECT statements run here" }, 400);
  const { results, meta } = await env.DB.prepare(sql)
    .bind(...params)
    .all();
  return json({ rows: results.length, rowsRead: meta.rows_read, first: results.slice(0, 3) });
}
