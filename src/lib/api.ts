import type { ApiErrorBody } from "./types";

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

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export type ApiRequestOptions = {
  method?: Method;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * The one way the SPA talks to /api: same-origin cookies (the session is an HttpOnly cookie),
 * JSON both ways, and a thrown ApiError for any non-OK status.
 */
export async function api<T>(path: `/api/${string}`, options: ApiRequestOptions = {}): Promise<T> {
  const { method = "GET", body, signal } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
  return (await response.json()) as T;
}

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
