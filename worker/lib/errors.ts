import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ApiErrorBody } from "../api-types";
import type { AppEnv } from "../app-env";

/** The one error type routes and services throw; onError turns it into `{ error, code, requestId }`. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 411 | 413 | 415 | 416 | 429 | 503,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = "invalid_input") => new ApiError(400, message, code);
export const unauthorized = (message = "Sign in required", code = "unauthorized") =>
  new ApiError(401, message, code);
export const forbidden = (message = "Not allowed", code = "forbidden") => new ApiError(403, message, code);
export const notFound = (message = "Not found", code = "not_found") => new ApiError(404, message, code);

export function errorBody(c: Context<AppEnv>, error: string, code?: string): ApiErrorBody {
  return { error, ...(code ? { code } : {}), requestId: c.get("requestId") ?? "" };
}

export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof ApiError) return c.json(errorBody(c, err.message, err.code), err.status);
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
