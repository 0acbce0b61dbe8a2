import { useEffect, useState } from "react";
import { getSuggestions } from "../components/recommendations/recommendations-api";
import { describeFailure } from "../lib/api";
import type { ContentJson } from "../lib/types";

type Settled = { id: string; items: ContentJson[] };

/**
 * The Up Next suggestions for one item (GET /api/content/{id}/suggestions), fetched as soon as the item
 * opens so the panel is ready when it ends, and again for each new id. null while loading (or without an
 * id); a failure is logged (docs/product-spec.md §8: console only) and leaves the list empty.
 */
export function useUpNextSuggestions(contentId: string | undefined): ContentJson[] | null {
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    if (!contentId) return;
    const controller = new AbortController();
    const settle = (items: ContentJson[]) => {
      if (!controller.signal.aborted) setSettled({ id: contentId, items });
    };
    getSuggestions(contentId, controller.signal).then(
      (response) => settle(response.suggestions.filter((item) => item.id !== contentId)),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(describeFailure("Failed to load suggestions", error));
        settle([]);
      },
    );
    return () => controller.abort();
  }, [contentId]);

  return contentId && settled?.id === contentId ? settled.items : null;
}
