import type { CaptionsStoredJson } from "../../common/schemas/captions";
import { api, apiUrl, ApiError } from "./api";
import type { ApiErrorBody } from "../../common/schemas/errors";

// An item's WebVTT captions (docs/decisions/049). The PUT's body is the file itself (text/vtt), not JSON, so it is
// sent with fetch to the typed address, as the upload PUT is; its answer and refusals read as the client's do.

/** Adds or replaces the captions of one language; throws ApiError with the server's words when refused. */
export async function putCaptions(contentId: string, lang: string, file: Blob): Promise<CaptionsStoredJson> {
  const url = apiUrl("put", "/api/content/{id}/captions/{lang}", { path: { id: contentId, lang } });
  const response = await fetch(url, {
    method: "PUT",
    body: file,
    headers: { "Content-Type": "text/vtt", Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(
      response.status,
      body && typeof body === "object" && "error" in body ? (body as ApiErrorBody) : null,
    );
  }
  return (await response.json()) as CaptionsStoredJson;
}

export const deleteCaptions = (contentId: string, lang: string) =>
  api.DELETE("/api/content/{id}/captions/{lang}", { params: { path: { id: contentId, lang } } });
