import { type RefObject, useEffect, useId, useRef } from "react";
import { useShallow } from "zustand/react/shallow";
import { useDebouncedValue } from "../../hooks/use-debounced-value";
import { useGalleryFilters } from "../../stores/gallery-filters";
import { ContentFeed } from "./content-feed";
import { SEARCH_MAX, SEARCH_TOO_LONG } from "./search-limit";
import { TypeIcon } from "./type-icon";

/** Typing pauses this long before the gallery searches, so each keystroke is not a request. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The home page's gallery, filtered by the header's search box and type buttons. When the earnings poll
 * reports credited views it invalidates the feed, which refreshes in place, where the original product
 * reloaded the whole page (docs/product-spec.md §2 Home). A new search or type brings the gallery into
 * view (decision 037): the box is in the header, the results may be a screen further down.
 */
export function DiscoverContent() {
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const { search, type } = useGalleryFilters(useShallow((s) => ({ search: s.search, type: s.type })));
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // The box stops at the limit; a longer one (pasted past it elsewhere, or set by code) is not sent to be refused.
  const tooLong = debouncedSearch.length > SEARCH_MAX;
  useBringIntoView(sectionRef, debouncedSearch, type);

  return (
    <section ref={sectionRef} aria-labelledby={headingId} className="min-h-[calc(100dvh-5rem)] scroll-mt-20 space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-xl font-semibold">
          Discover Content
        </h2>
        {/* Always in the page, so screen readers hear each new search as it starts. */}
        <div role="status" className="min-w-0 max-w-full text-sm text-slate-400">
          {debouncedSearch ? (
            // A query without spaces wraps anywhere and is cut at two lines; the whole of it is in the title.
            <p title={debouncedSearch} className="line-clamp-2 wrap-anywhere">
              Results for <span className="font-medium text-slate-200">“{debouncedSearch}”</span>
            </p>
          ) : null}
          {search.length >= SEARCH_MAX && !tooLong ? <p className="text-amber-300">{SEARCH_TOO_LONG}</p> : null}
        </div>
      </div>
      {tooLong ? (
        <SearchTooLong length={debouncedSearch.length} />
      ) : (
        <ContentFeed
          query={{ type: type === "all" ? undefined : type, search: debouncedSearch || undefined }}
          discovery={debouncedSearch ? "search" : "browse"}
          emptyText={debouncedSearch ? "Nothing matches this search. Try other words." : undefined}
        />
      )}
    </section>
  );
}

function SearchTooLong({ length }: { length: number }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-amber-500/40 px-6 py-16 text-center">
      <TypeIcon type="video" className="size-12 text-slate-600" />
      <p className="mt-4 text-lg font-semibold text-slate-200">{SEARCH_TOO_LONG}</p>
      <p className="mt-1 text-slate-400">
        This one has {length.toLocaleString("en-US")}. Shorten it to see results.
      </p>
    </div>
  );
}

/**
 * Scrolls the section to the top of the screen (under the sticky header: `scroll-mt-20`) when a search
 * starts or changes, or the type filter changes; not on the first render, and not when the search is cleared.
 * The section is at least a screen tall (`min-h-[calc(100dvh-5rem)]`), so even one result can come to the top.
 */
function useBringIntoView(ref: RefObject<HTMLElement | null>, search: string, type: string) {
  const last = useRef({ search, type });
  useEffect(() => {
    const before = last.current;
    last.current = { search, type };
    if (before.search === search && before.type === type) return;
    if (!search && before.type === type) return;
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    ref.current?.scrollIntoView?.({ block: "start", behavior: reduce ? "auto" : "smooth" });
  }, [ref, search, type]);
}
