import type { ApiErrorBody } from "./types";

/** A non-OK answer from our API; `status` lets callers word their own message. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, body: ApiErrorBody | null) {
    super(body?.error ?? `API responded with HTTP status ${status}`);
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
