import createClient, {
  type ClientPathsWithMethod,
  createFinalURL,
  createQuerySerializer,
  defaultPathSerializer,
  type FetchResponse,
  type MaybeOptionalInit,
  type Middleware,
} from "openapi-fetch";
import type { paths } from "./api-paths";
import type { ApiErrorBody } from "./types";
import type { Undocumented } from "./undocumented-answers";

/**
 * The API's field names as the forms label them. The validator names the field in front of its message
 * ("amount_usd: amount_usd must be at most 1000000", worker/lib/validate.ts) for API clients and tests;
 * people read the form's label instead.
 */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  amount_usd: "Amount",
  total_bonus_amount: "Amount",
  user_id: "User",
  payment_method: "Payment method",
  payment_reference: "Reference",
  payout_address: "Payout address",
  bonus_amount: "Bonus amount",
  requirement_value: "Target value",
  time_limit_hours: "Time limit",
  min_earning_seconds: "Shortest item that earns",
  daily_earnable_views: "Paid views per viewer per day",
  earnings_hold_days: "Holding period",
};

/** A leading field path ("title: ", "tags.3: ", "value: "), as the validator puts it. */
const FIELD_PREFIX = /^[a-z_][a-z0-9_]*(\.[a-z0-9_]+)*: /;

/**
 * A server message in words (docs/decisions/038): no leading field path, a raw field name that opens the
 * sentence replaced by its label, and a capital first letter. "title: Title is required" → "Title is
 * required"; "amount_usd: amount_usd must be more than 0" → "Amount must be more than 0".
 */
export function inWords(message: string): string {
  const text = message.replace(FIELD_PREFIX, "");
  const first = /^[a-z_]+/.exec(text)?.[0] ?? "";
  const relabelled = Object.hasOwn(FIELD_LABELS, first) ? FIELD_LABELS[first] + text.slice(first.length) : text;
  return relabelled.charAt(0).toUpperCase() + relabelled.slice(1);
}

/**
 * A non-OK answer from our API; `status` lets callers word their own message. `message` is the server's
 * in words (inWords), fit to show; `body.error` keeps it as sent.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, body: ApiErrorBody | null) {
    super(body?.error ? inWords(body.error) : `API responded with HTTP status ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

/**
 * The one way the SPA talks to /api (docs/decisions/043): openapi-fetch on the `paths` type generated from the
 * API's own OpenAPI document (`npm run gen:api`), so a path, its path and query params and its body are checked
 * by the compiler against the schemas the Worker validates with. Same-origin cookies (the session is an HttpOnly
 * cookie), JSON both ways, and a thrown ApiError for any non-OK status.
 */
const client = createClient<paths>({
  credentials: "same-origin",
  headers: { Accept: "application/json" },
  // Looked up on every call rather than when this module loads, so the page's `fetch` at that moment is used
  // (the component tests stub it per test).
  fetch: (request) => globalThis.fetch(request),
});

const throwWhenRefused: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
  },
};
client.use(throwWhenRefused);

export type Method = "get" | "post" | "put" | "patch" | "delete";
type PathOf<M extends Method> = ClientPathsWithMethod<typeof client, M>;
/** The call's options (`params: { path, query }`, `body`, `signal`), optional when nothing in them is required. */
type InitOf<P extends keyof paths, M extends Method> =
  undefined extends MaybeOptionalInit<paths[P], M> ? [init?: MaybeOptionalInit<paths[P], M>] : [init: MaybeOptionalInit<paths[P], M>];
/** The JSON body a route answers on success, as the document describes it; `never` while it describes none. */
export type Documented<P extends keyof paths, M extends Method> =
  paths[P][M] extends infer Operation extends Record<string, unknown>
    ? NonNullable<FetchResponse<Operation, object, "application/json">["data"]>
    : never;
/** What a call resolves to: the documented answer, else the named type src/lib/undocumented-answers.ts keeps for it. */
export type Answer<P extends keyof paths, M extends Method> = [Documented<P, M>] extends [never] ? Undocumented<P, M> : Documented<P, M>;

function caller<M extends Method>(method: M) {
  return async <P extends PathOf<M>>(path: P, ...init: InitOf<P, M>): Promise<Answer<P, M>> => {
    // openapi-fetch's own signature cannot be restated for a generic method, hence the one widening here; the
    // caller's arguments were checked by InitOf above. A non-OK answer has thrown in throwWhenRefused.
    const { data } = await (client.request as (method: M, path: P, init?: object) => Promise<{ data?: unknown }>)(method, path, init[0]);
    return data as Answer<P, M>;
  };
}

/** `api.GET("/api/content/{id}", { params: { path: { id } }, signal })` resolves to the route's answer. */
export const api = {
  GET: caller("get"),
  POST: caller("post"),
  PUT: caller("put"),
  PATCH: caller("patch"),
  DELETE: caller("delete"),
};

/**
 * The address of a route the browser requests itself (a link to a CSV, a media `src`, an upload PUT sent with
 * XMLHttpRequest for its progress), built from its typed path and query params the way the client builds them.
 */
export function apiUrl<M extends Method, P extends PathOf<M>>(_method: M, path: P, params: ParamsOf<P, M>): string {
  return createFinalURL(path, {
    baseUrl: "",
    params: params as Record<string, Record<string, unknown>>,
    querySerializer: createQuerySerializer(),
    pathSerializer: defaultPathSerializer,
  });
}
type ParamsOf<P extends keyof paths, M extends Method> = NonNullable<MaybeOptionalInit<paths[P], M>> extends { params?: infer Params } ? NonNullable<Params> : never;

// An error body may be missing or not JSON (a proxy's HTML page); the status still tells the story.
async function readErrorBody(response: Response): Promise<ApiErrorBody | null> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === "object" && "error" in body ? (body as ApiErrorBody) : null;
  } catch {
    return null;
  }
}

/**
 * Words a failure the way the product's error catalogue does:
 * "<what failed>: API responded with HTTP status <status>"; a network error keeps its own reason.
 */
export function describeFailure(what: string, error: unknown): Error {
  if (error instanceof ApiError) {
    return new Error(`${what}: API responded with HTTP status ${error.status}`, { cause: error });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(`${what}: ${reason}`, { cause: error });
}

/**
 * What the server said when it refused the request itself (a 4xx with a message), in words; null for a
 * failure it did not explain (a network error, a 5xx), which callers word themselves.
 */
export function refusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.body?.error) return null;
  return error.status >= 400 && error.status < 500 ? error.message : null;
}
