import { z } from "zod";

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * GET /api/openapi.json: an OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0). Only its frame is
 * described here; the document itself is the full description of the rest.
 */
export const openApiDocumentOut = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()).optional(),
});
