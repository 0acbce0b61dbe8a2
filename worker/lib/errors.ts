// Services say what went wrong in their own words (a kind), not in HTTP: the one place that turns a kind into
// a status is worker/middleware/error-handler.ts, so rules stay callable from the cron, the watch-session
// object and tests alike.

export type ErrorKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "length_required"
  | "too_large"
  | "unsupported_media"
  | "range_not_satisfiable"
  | "rate_limited"
  | "unavailable"
  | "not_implemented";

/** The one error type routes and services throw; the error handler answers it as `{ error, code, requestId }`. */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** A machine-readable reason the client may act on (`upload_used`, `rate_limited`…). */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = "invalid_input") => new AppError("invalid", message, code);
export const unauthorized = (message = "Sign in required", code = "unauthorized") =>
  new AppError("unauthenticated", message, code);
export const forbidden = (message = "Not allowed", code = "forbidden") => new AppError("forbidden", message, code);
export const notFound = (message = "Not found", code = "not_found") => new AppError("not_found", message, code);
export const conflict = (message: string, code?: string) => new AppError("conflict", message, code);
export const lengthRequired = (message: string, code?: string) => new AppError("length_required", message, code);
export const tooLarge = (message: string, code?: string) => new AppError("too_large", message, code);
export const unsupportedMedia = (message: string, code?: string) => new AppError("unsupported_media", message, code);
export const rateLimited = (message: string, code = "rate_limited") => new AppError("rate_limited", message, code);
export const unavailable = (message: string, code?: string) => new AppError("unavailable", message, code);
/** A format or feature the caller asked for that is not offered (oEmbed's `format=xml`: docs/decisions/099). */
export const notImplemented = (message: string, code = "not_implemented") =>
  new AppError("not_implemented", message, code);

/** A suspended member's refused write (docs/decisions/027): the same words wherever it is refused. */
export const accountSuspended = () => forbidden("Your account is suspended", "suspended");
