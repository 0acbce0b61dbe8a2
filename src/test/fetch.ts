import { vi } from "vitest";

type Reply = { status?: number; body?: unknown };
/** A reply, or a function of the request; `url` carries the query (keys match the path only). */
type Route = Reply | ((init: RequestInit | undefined, url: URL) => Reply | Promise<Reply>);

/**
 * What every signed-in screen asks besides its own calls (the header's bell, Home's shelf of followed uploads
 * and unfinished items):
 * answered empty unless a test stubs them itself (docs/decisions/046).
 */
const EVERY_SCREEN: Record<string, Route> = {
  "GET /api/me/notifications": { body: { unread: 0, items: [], muted: [] } },
  "GET /api/me/following/uploads": { body: { items: [], nextCursor: null } },
  "GET /api/me/history": { body: { items: [], nextCursor: null } },
  // The reward and share to watch the sign-in dialog and the player state (GET /api/view-reward), as the server answers.
  "GET /api/view-reward": { body: { reward_usd: 0.003, qualify_percent: 80, views_per_item_per_day: 3 } },
  // Profile Settings' 'Creator page' (docs/decisions/091): a member who has set nothing yet.
  "GET /api/users/me/profile": { body: { bio: null, links: [], avatar_url: null, banner_url: null } },
  // Every card's Watch later button reads the member's Watch later (docs/decisions/090): empty.
  "GET /api/me/watch-later": {
    body: {
      id: "01J000000000000000000000AV",
      kind: "watch_later",
      title: "Watch later",
      description: "",
      visibility: "private",
      item_count: 0,
      thumbnail_url: null,
      updated_at: "2026-01-01T00:00:00.000Z",
      owner_id: "01J000000000000000000000AV",
      owner_name: "ava",
      is_owner: true,
      unavailable_count: 0,
      created_at: "2026-01-01T00:00:00.000Z",
      items: [],
    },
  },
};

/** Every content page asks for the item's comments (docs/decisions/093): none, unless a test stubs them. */
const EVERY_CONTENT_PAGE = (key: string): Route | undefined =>
  /^GET \/api\/content\/[^/]+\/comments$/.test(key)
    ? { body: { items: [], nextCursor: null, count: 0, is_creator: false } }
    : undefined;

/**
 * Stubs `fetch`, the network boundary, with canned replies keyed by "METHOD /path".
 * Unknown requests answer 404 so a missing stub shows up as a failed call, not a hang.
 */
export function stubFetch(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, "http://localhost");
    const key = `${init?.method ?? "GET"} ${parsed.pathname}`;
    const route = routes[key] ?? EVERY_SCREEN[key] ?? EVERY_CONTENT_PAGE(key);
    const reply = typeof route === "function" ? await route(init, parsed) : (route ?? { status: 404 });
    const status = reply.status ?? 200;
    return new Response(JSON.stringify(reply.body ?? { error: "Not found", requestId: "test" }), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
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
