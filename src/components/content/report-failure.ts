import { ApiError } from "../../lib/api";

/**
 * What the report dialog says when the server refuses a report (docs/decisions/027), in words the member can act on.
 * Null: not a refusal but a failure of ours (a 5xx, the network), which the dialog words itself and logs.
 */
export function reportRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  // The server's message in words (docs/decisions/038): no field name in front.
  const said = error.body?.error ? error.message : undefined;
  switch (error.status) {
    case 429:
      return "You have sent too many reports. Please try again later.";
    case 403:
      // The server's own words: "Your account is suspended", or why this item cannot be reported.
      return said ?? "You can't report this item.";
    case 404:
      return "This item is no longer available.";
    case 400:
      return said ?? "Check the reason and the note, then try again.";
    default:
      return null;
  }
}
