// Loopback HTTP for the traffic bench: the local sign-in contract (docs/architecture.md §4) and timed requests over
// keep-alive connections.
import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export type Timed = { ms: number; status: number; body: string };

export class RequestTimeout extends Error {}

type RequestOptions = { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number };

/** One request; the clock runs from sending to the last byte. Rejects with RequestTimeout after `timeoutMs`. */
export function request(url: string, opts: RequestOptions = {}): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.request(
      url,
      { method: opts.method ?? "GET", headers: opts.headers, agent, timeout: opts.timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            ms: performance.now() - start,
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new RequestTimeout(`no answer within ${opts.timeoutMs} ms: ${url}`)));
    req.on("error", reject);
    req.end(opts.body);
  });
}

const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

/** GET /api/oauth/google/redirect_url (state cookie), then POST /api/sessions {code: "dev:<email>", state}. */
export async function signIn(origin: string, email: string): Promise<string> {
  const start = await fetch(`${origin}/api/oauth/google/redirect_url`);
  if (!start.ok) throw new Error(`redirect_url: ${start.status} ${await start.text()}`);
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const state = new URL(redirectUrl).searchParams.get("state");
  const res = await fetch(`${origin}/api/sessions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: start.headers.getSetCookie().map(cookiePair).join("; "),
      origin,
    },
    body: JSON.stringify({ code: `dev:${email}`, state }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email}: ${res.status} ${await res.text()}`);
  const session = res.headers
    .getSetCookie()
    .map(cookiePair)
    .find((c) => c.startsWith("__Host-rp_session="));
  if (!session) throw new Error("sign-in: no session cookie");
  return session;
}

function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

export const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

export type Latency = { n: number; p50: number; p95: number; mean: number; min: number; max: number };

export function summarize(samples: readonly number[]): Latency {
  return {
    n: samples.length,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    mean: round(samples.reduce((a, b) => a + b, 0) / samples.length),
    min: round(Math.min(...samples)),
    max: round(Math.max(...samples)),
  };
}
