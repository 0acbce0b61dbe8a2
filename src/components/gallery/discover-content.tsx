import { type RefObject, useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";
import { useCreator } from "../../queries/content";
import { useGalleryReturn } from "../../stores/gallery-return";
import { ContentFeed } from "./content-feed";
import { useGalleryParams } from "./gallery-url";
import { SEARCH_MAX, SEARCH_TOO_LONG } from "./search-limit";
import { emptyWithFilters, SortAndFilters } from "./sort-and-filters";
import { TypeIcon } from "./type-icon";

/**
 * The home page's gallery, filtered by the search, type and creator in the address (`?q=`, `type=`, `creator=`;
 * gallery-url.ts), which the header's box and buttons write, and sorted and filtered by `sort=`, `length=` and
 * `uploaded=`, which its own Sort and Filters write (sort-and-filters.tsx, docs/decisions/100). When the earnings poll reports credited views it
 * invalidates the feed, which refreshes in place, where the original product reloaded the whole page
 * (docs/product-spec.md §2 Home). A new search or type brings the gallery into view (decision 037): the box is
 * in the header, the results may be a screen further down.
 */
export function DiscoverContent() {
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const [{ q: search, type, creator, sort, length, uploaded }, change] = useGalleryParams();
  const filtered = Boolean(length || uploaded);
  // The box stops at the limit; a longer one (a hand-made address, or pasted past it elsewhere) is not sent to be refused.
  const tooLong = search.length > SEARCH_MAX;
  useBringIntoView(sectionRef, search, type);
  useRememberForReturn();

  return (
    <section ref={sectionRef} aria-labelledby={headingId} className="min-h-[calc(100dvh-5rem)] scroll-mt-20 space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-xl font-semibold">
          Discover Content
        </h2>
        {/* Always in the page, so screen readers hear each new search as it starts. */}
        <div role="status" className="min-w-0 max-w-full text-sm text-slate-400">
          {search ? (
            // A query without spaces wraps anywhere and is cut at two lines; the whole of it is in the title.
            <p title={search} className="line-clamp-2 wrap-anywhere">
              Results for <span className="font-medium text-slate-200">“{search}”</span>
            </p>
          ) : null}
          {search.length >= SEARCH_MAX && !tooLong ? <p className="text-amber-300">{SEARCH_TOO_LONG}</p> : null}
        </div>
      </div>
      <SortAndFilters sort={sort} length={length} uploaded={uploaded} searching={Boolean(search)} onChange={change} />
      {creator ? <CreatorFilter creatorId={creator} onClear={() => change({ creator: "" })} /> : null}
      {tooLong ? (
        <SearchTooLong length={search.length} />
      ) : (
        <ContentFeed
          query={{
            type: type === "all" ? undefined : type,
            search: search || undefined,
            creator: creator || undefined,
            sort: sort || undefined,
            length: length || undefined,
            uploaded: uploaded || undefined,
          }}
          discovery={search ? "search" : "browse"}
          emptyTitle={filtered ? "Nothing matches these filters" : undefined}
          emptyText={
            filtered
              ? emptyWithFilters(length, uploaded)
              : search
                ? "Nothing matches this search. Try other words."
                : undefined
          }
        />
      )}
    </section>
  );
}

/** The creator filter of a shared address (`creator=`): whose items these are, and a way back to everyone's. */
function CreatorFilter({ creatorId, onClear }: { creatorId: string; onClear: () => void }) {
  const { data } = useCreator(creatorId);
  const name = data?.display_name ?? "one creator";
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-300">
      <span className="min-w-0 wrap-anywhere">
        Only from <span className="font-medium text-slate-100">{name}</span>
      </span>
      <button
        type="button"
        onClick={onClear}
        className="rounded-full border border-slate-700 px-3 py-1 text-xs font-medium text-slate-200 hover:border-slate-500 focus-visible:outline-2 focus-visible:outline-violet-400"
      >
        Show all creators
      </button>
    </p>
  );
}

function SearchTooLong({ length }: { length: number }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-amber-500/40 px-6 py-16 text-center">
      <TypeIcon type="video" className="size-12 text-slate-600" />
      <p className="mt-4 text-lg font-semibold text-slate-200">{SEARCH_TOO_LONG}</p>
      <p className="mt-1 text-slate-400">This one has {length.toLocaleString("en-US")}. Shorten it to see results.</p>
    </div>
  );
}

/** Keeps the gallery's address query for a content page's "Back to gallery". */
function useRememberForReturn() {
  const { search } = useLocation();
  const remember = useGalleryReturn((s) => s.remember);
  useEffect(() => remember(search), [remember, search]);
}

/**
 * Scrolls the section to the top of the screen (under the sticky header: `scroll-mt-20`) when a search
 * starts or changes, or the type filter changes, and when the page opens on a search (a shared `?q=` link,
 * docs/decisions/098: at once, the link asked for results); not on opening without one, and not when the
 * search is cleared. The section is at least a screen tall (`min-h-[calc(100dvh-5rem)]`), so even one result
 * can come to the top.
 */
function useBringIntoView(ref: RefObject<HTMLElement | null>, search: string, type: string) {
  // Opened on a search: the search the page opened with, once (run again by React's development replay).
  const opened = useRef(search);
  useEffect(() => (opened.current ? pinWhileThePageSettles(ref.current) : undefined), [ref]);

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

/** How long a page opened on a search keeps its results at the top while the rows above it load. */
const SETTLE_MS = 5000;

/**
 * Brings the section to the top at once, and again whenever the page changes height in the next few seconds
 * (the challenge line and the shelf arrive after the gallery and would push it down: the browser's scroll
 * anchoring did not hold it), until the member scrolls, touches, clicks or types: then the page is theirs.
 */
function pinWhileThePageSettles(section: HTMLElement | null) {
  if (!section) return;
  const pin = () => section.scrollIntoView?.({ block: "start", behavior: "auto" });
  pin();
  if (typeof ResizeObserver === "undefined") return;
  const observer = new ResizeObserver(pin);
  observer.observe(document.body);
  const inputs = ["wheel", "touchstart", "pointerdown", "keydown"] as const;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const input of inputs) window.removeEventListener(input, stop, true);
  };
  const timer = setTimeout(stop, SETTLE_MS);
  for (const input of inputs) window.addEventListener(input, stop, { capture: true, passive: true });
  return stop;
}
