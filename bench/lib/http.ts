// HTTP helpers for the bench runner: the local sign-in contract (docs/architecture.md §4), timed requests and
// byte-counting downloads over keep-alive connections on loopback.
import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

export type Timed = {
  ms: number;
  status: number;
  bytes: number;
  /**
   * From the bench Worker's `x-d1-round-trips`, `x-d1-statements`, `x-d1-writes` and `x-d1-rows-read`
   * headers ("+" marks a lower bound).
   */
  roundTrips: number | null;
  statements: number | null;
  writes: number | null;
  rowsRead: string | null;
  body: Buffer | null;
};

type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  keepBody?: boolean;
  /** Another keep-alive pool than the shared one (16 sockets), for a client that needs more in flight. */
  agent?: http.Agent;
};

/** One request; the clock runs from sending to the last byte of the body. */
export function timedRequest(url: string, opts: RequestOptions = {}): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.request(
      url,
      { method: opts.method ?? "GET", headers: opts.headers, agent: opts.agent ?? agent },
      (res) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (opts.keepBody) chunks.push(chunk);
        });
        res.on("end", () => {
          const header = res.headers["x-d1-round-trips"];
          const rows = res.headers["x-d1-rows-read"];
          const statements = res.headers["x-d1-statements"];
          const writes = res.headers["x-d1-writes"];
          resolve({
            ms: performance.now() - start,
            status: res.statusCode ?? 0,
            bytes,
            roundTrips: typeof header === "string" ? Number(header) : null,
            statements: typeof statements === "string" ? Number(statements) : null,
            writes: typeof writes === "string" ? Number(writes) : null,
            rowsRead: typeof rows === "string" ? rows : null,
            body: opts.keepBody ? Buffer.concat(chunks) : null,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

export async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<{ res: Timed; json: T }> {
  const res = await timedRequest(url, { headers, keepBody: true });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${res.body?.toString().slice(0, 300)}`);
  return { res, json: JSON.parse(res.body!.toString()) as T };
}

export async function postJson<T>(url: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<T> {
  const res = await timedRequest(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    keepBody: true,
  });
  if (res.status !== 200) throw new Error(`POST ${url}: ${res.status} ${res.body?.toString().slice(0, 300)}`);
  return JSON.parse(res.body!.toString()) as T;
}

const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

/**
 * Signs in through the local sign-in contract: GET /api/oauth/google/redirect_url (state cookie), then
 * POST /api/sessions {code: "dev:<email>", state} with that cookie and our Origin. Returns the Cookie header.
 */
export async function signIn(origin: string, email: string): Promise<string> {
  const start = await fetch(`${origin}/api/oauth/google/redirect_url`);
  if (!start.ok) throw new Error(`redirect_url: ${start.status}`);
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const state = new URL(redirectUrl).searchParams.get("state");
  const oauthCookie = start.headers.getSetCookie().map(cookiePair).join("; ");
  const res = await fetch(`${origin}/api/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: oauthCookie, origin },
    body: JSON.stringify({ code: `dev:${email}`, state }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const session = res.headers
    .getSetCookie()
    .map(cookiePair)
    .find((c) => c.startsWith("__Host-rp_session="));
  if (!session) throw new Error("sign-in: no session cookie");
  return session;
}

/** Runs `task` `count` times with `concurrency` workers; resolves with the results in completion order. */
export async function pool<T>(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<T>,
  deadline = Infinity,
) {
  const out: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count && performance.now() < deadline) out.push(await task(next++));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}
