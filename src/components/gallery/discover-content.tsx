import { useId } from "react";
import { useShallow } from "zustand/react/shallow";
import { useDebouncedValue } from "../../hooks/use-debounced-value";
import { useGalleryFilters } from "../../stores/gallery-filters";
import { ContentFeed } from "./content-feed";

/** Typing pauses this long before the gallery searches, so each keystroke is not a request. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The home page's gallery, filtered by the header's search box and type buttons. When the earnings poll
 * reports credited views it invalidates the feed, which refreshes in place, where the original product
 * reloaded the whole page (docs/product-spec.md §2 Home).
 */
export function DiscoverContent() {
  const headingId = useId();
  const { search, type } = useGalleryFilters(useShallow((s) => ({ search: s.search, type: s.type })));
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          Discover Content
        </h2>
        {debouncedSearch ? (
          <p className="text-sm text-slate-400">
            Results for <span className="font-medium text-slate-200">“{debouncedSearch}”</span>
          </p>
        ) : null}
      </div>
      <ContentFeed
        query={{ type: type === "all" ? undefined : type, search: debouncedSearch || undefined }}
        discovery={debouncedSearch ? "search" : "browse"}
      />
    </section>
  );
}
