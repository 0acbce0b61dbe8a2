// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Every error body: one error handler on the server (worker/middleware/error-handler.ts) writes it, and the
 * OpenAPI document describes it once for every operation (worker/openapi/document.ts).
 */
export type ApiErrorBody = { error: string; code?: string; requestId: string };
