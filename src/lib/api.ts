import {
  type Client,
  type ClientPathsWithMethod,
  createFinalURL,
  createQuerySerializer,
  defaultPathSerializer,
  type FetchResponse,
  type ParamsOption,
  type RequestBodyOption,
} from "openapi-fetch";
import type { paths } from "./api-paths";
import { takeBootAnswer } from "./boot-answers";
import type { ApiErrorBody } from "../../common/schemas/errors";

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
  archive_visits_after_days: "The page visits window",
  archive_views_after_days: "The views window",
  notifications_keep_days: "The notifications window",
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

export type Method = "get" | "post" | "put" | "patch" | "delete";
type PathOf<M extends Method> = ClientPathsWithMethod<Client<paths>, M>;
/** A call's options: `params: { path, query }` and `body` as the route's schemas have them, and `signal`. */
type Options<P extends keyof paths, M extends Method> = ParamsOption<paths[P][M]> &
  RequestBodyOption<paths[P][M]> & { signal?: AbortSignal };
/** The options are optional when nothing in them is required. */
type OptionsArg<P extends keyof paths, M extends Method> =
  object extends Options<P, M> ? [options?: Options<P, M>] : [options: Options<P, M>];
/** The JSON body a route answers on success, as the document describes it; `never` while it describes none. */
type Documented<P extends keyof paths, M extends Method> = paths[P][M] extends infer Operation extends Record<
  string,
  unknown
>
  ? NonNullable<FetchResponse<Operation, object, "application/json">["data"]>
  : never;
/** What a call resolves to: the documented answer; `unknown` for an answer that is not JSON (nothing reads those). */
type Answer<P extends keyof paths, M extends Method> = [Documented<P, M>] extends [never] ? unknown : Documented<P, M>;

type UntypedParams = { path?: Record<string, unknown>; query?: Record<string, unknown> };
const serializeQuery = createQuerySerializer();
const urlOf = (path: string, params: UntypedParams = {}) =>
  createFinalURL(path, { baseUrl: "", params, querySerializer: serializeQuery, pathSerializer: defaultPathSerializer });

/**
 * One method of the client. The types are openapi-fetch's, from the `paths` the document generates; the request
 * is ours: `fetch(url, init)` called at once, same-origin cookies (the session is an HttpOnly cookie), JSON both
 * ways, and a thrown ApiError for any non-OK status; a GET the page already carries the answer to is not sent
 * (boot-answers.ts). (openapi-fetch's own transport hands `fetch` a Request,
 * whose body can only be read later; the component tests read each call's body as it is made.)
 */
function caller<M extends Method>(method: M) {
  const verb = method.toUpperCase();
  return async <P extends PathOf<M>>(path: P, ...[options]: OptionsArg<P, M>): Promise<Answer<P, M>> => {
    // The arguments were checked against the route above; past this line only their shape matters.
    const { params, body, signal } = (options ?? {}) as {
      params?: UntypedParams;
      body?: unknown;
      signal?: AbortSignal;
    };
    const headers: Record<string, string> = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const url = urlOf(path, params);
    const response =
      (verb === "GET" ? takeBootAnswer(url) : null) ??
      (await fetch(url, {
        method: verb,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: "same-origin",
        signal,
      }));
    if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
    // The one place an answer's type is taken on trust: the route's schema, checked against real answers by the
    // worker tests (worker/openapi/responds.ts).
    return (await response.json()) as Answer<P, M>;
  };
}

/**
 * The one way the SPA talks to /api (docs/decisions/043), typed from the API's own OpenAPI document
 * (`npm run gen:api` → src/lib/api-paths.d.ts): the compiler checks each path, its path and query params and its
 * body against the schemas the Worker validates with, and query strings are built from the params.
 * `api.GET("/api/content/{id}", { params: { path: { id } }, signal })` resolves to the route's answer.
 */
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
  return urlOf(path, params as UntypedParams);
}
type ParamsOf<P extends keyof paths, M extends Method> = NonNullable<Options<P, M>["params"]>;

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
