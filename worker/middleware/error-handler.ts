import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody } from "../../common/schemas/errors";
import type { AppEnv } from "../app-env";
import { AppError, type ErrorKind } from "../lib/errors";

// The only place an error kind becomes an HTTP status (worker/lib/errors.ts says why).
const STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  length_required: 411,
  too_large: 413,
  unsupported_media: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  unavailable: 503,
  not_implemented: 501,
} as const satisfies Record<ErrorKind, ContentfulStatusCode>;

export function errorBody(c: Context<AppEnv>, error: string, code?: string): ApiErrorBody {
  return { error, ...(code ? { code } : {}), requestId: c.get("requestId") ?? "" };
}

export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) return c.json(errorBody(c, err.message, err.code), STATUS[err.kind]);
  if (err instanceof HTTPException && err.status < 500) {
    // Hono raises these for malformed JSON bodies and similar client mistakes.
    return c.json(errorBody(c, err.message || "Bad request", "bad_request"), err.status);
  }
  // Unexpected: log the detail for operators, never send a stack trace to the client.
  console.error(`[${c.get("requestId")}] ${c.req.method} ${c.req.path}:`, err);
  return c.json(errorBody(c, "Something went wrong on our side. Please try again.", "internal"), 500);
}

export function handleNotFound(c: Context<AppEnv>) {
  return c.json(errorBody(c, `No API route for ${c.req.method} ${c.req.path}`, "not_found"), 404);
}
