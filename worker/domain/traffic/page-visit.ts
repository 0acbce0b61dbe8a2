import type { z } from "zod";
import type { pageVisitBody } from "../../../common/schemas/traffic";

// A page visit as the tracker sends it is common/schemas/traffic.ts.
export type PageVisitInput = z.output<typeof pageVisitBody>;

/** Where a visit came from: the campaign's source, else another site that linked here, else 'Direct'. */
export function sourceOf(visit: Pick<PageVisitInput, "utm_source" | "referrer">, ownHost: string): string {
  if (visit.utm_source) return visit.utm_source.toLowerCase();
  if (visit.referrer) {
    try {
      const host = new URL(visit.referrer).hostname.replace(/^www\./, "");
      if (host && host !== ownHost) return host;
    } catch {
      // not a URL: treated as no referrer
    }
  }
  return "Direct";
}
