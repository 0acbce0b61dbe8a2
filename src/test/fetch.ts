import { vi } from "vitest";

type Reply = { status?: number; body?: unknown };
/** A reply, or a function of the request; `url` carries the query (keys match the path only). */
type Route = Reply | ((init: RequestInit | undefined, url: URL) => Reply | Promise<Reply>);

/**
 * A call to `fetch` as `(url, init)`: the API client (openapi-fetch, src/lib/api.ts) passes one Request, which
 * becomes its same-origin path with the query, and an init with its method, headers, credentials, signal and
 * body as text — what the stubs and the tests' assertions read.
 */
export async function asUrlAndInit(input: RequestInfo | URL, init?: RequestInit): Promise<[string, RequestInit | undefined]> {
  if (!(input instanceof Request)) return [typeof input === "string" ? input : input.href, init];
  const url = new URL(input.url);
  const path = url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;
  const body = input.body === null ? undefined : await input.text();
  const { method, headers, credentials, signal } = input;
  return [path, { method, headers, credentials, signal, body, ...init }];
}

/**
 * Stubs `fetch`, the network boundary, with canned replies keyed by "METHOD /path".
 * Unknown requests answer 404 so a missing stub shows up as a failed call, not a hang.
 * The returned mock records each call as `(url, init)` (asUrlAndInit).
 */
export function stubFetch(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const parsed = new URL(url, "http://localhost");
    const key = `${init?.method ?? "GET"} ${parsed.pathname}`;
    const route = routes[key];
    const reply = typeof route === "function" ? await route(init, parsed) : (route ?? { status: 404 });
    const status = reply.status ?? 200;
    return new Response(JSON.stringify(reply.body ?? { error: "Not found", requestId: "test" }), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => fetchMock(...(await asUrlAndInit(input, init))));
  return fetchMock;
}

/** A promise you settle from the test, to hold a request open while checking concurrent calls. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** A 400 answer with the API's error body, as the validator sends it. */
export const refuse = (error: string) => ({ status: 400, body: { error, requestId: "r" } });

/** The JSON bodies sent with "METHOD /path" (the query left out), in order. */
export function bodiesOf(fetchMock: ReturnType<typeof stubFetch>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? "GET"} ${new URL(String(url), "http://localhost").pathname}` === key)
    .map(([, init]) => (init?.body === undefined ? undefined : JSON.parse(String(init.body))));
}
