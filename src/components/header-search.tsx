import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { useMediaQuery } from "../hooks/use-media-query";
import { useSearchDraft } from "../stores/search-draft";
import { type ContentTypeFilter, useGalleryParams } from "./gallery/gallery-url";
import { SEARCH_MAX } from "./gallery/search-limit";
import { TypeIcon } from "./gallery/type-icon";

const typeFilters: { value: ContentTypeFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "video", label: "Videos" },
  { value: "audio", label: "Audio" },
];

/** docs/product-spec.md §2's placeholder; a phone's narrow box shows the short one (the box's name stays the full text). */
const PLACEHOLDER = "Search content or creators...";
const SHORT_PLACEHOLDER = "Search...";

/** Typing pauses this long before the search goes into the address (and the gallery searches), not per key. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search box and type filters for the home gallery. Both live in the address (`?q=`, `type=`; gallery-url.ts):
 * the box writes what was typed there after a pause, and takes back what the address says when it changes
 * by itself (back, forward, a shared link, the logo).
 */
export function HeaderSearch() {
  const [{ q, type }, change] = useGalleryParams();
  const [draft, setDraft] = useSearchBox(q, (next, replace) => change({ q: next }, { replace }));
  // Tailwind's `sm`: from here the box is wide enough for the whole placeholder.
  const roomy = useMediaQuery("(min-width: 640px)");

  return (
    <div role="search" className="flex min-w-0 flex-1 items-center gap-2">
      <input
        type="search"
        aria-label="Search content or creators"
        placeholder={roomy ? PLACEHOLDER : SHORT_PLACEHOLDER}
        value={draft}
        // The server's limit: the box stops there rather than sending a search it would refuse.
        maxLength={SEARCH_MAX}
        onChange={(event) => setDraft(event.target.value)}
        className="w-full min-w-0 flex-1 rounded-lg border border-slate-700 bg-slate-900 px-2 py-2 text-sm sm:px-3 text-slate-100 placeholder:text-slate-500 focus-visible:border-violet-500 focus-visible:outline-2 focus-visible:outline-violet-500/40"
      />
      <div role="group" aria-label="Content type" className="flex shrink-0 rounded-lg border border-slate-700 p-0.5">
        {typeFilters.map((filter) => (
          <button
            key={filter.value}
            type="button"
            aria-pressed={type === filter.value}
            onClick={() => change({ type: filter.value })}
            title={filter.label}
            className={
              "inline-flex items-center rounded-md px-1.5 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-violet-400 sm:px-3 " +
              (type === filter.value ? "bg-violet-600 text-white" : "text-slate-300 hover:text-white")
            }
          >
            {/* On a phone Videos and Audio show as their icons; the name is still what they are called. */}
            {filter.value === "all" ? (
              filter.label
            ) : (
              <>
                <TypeIcon type={filter.value} className="size-4 sm:hidden" />
                <span className="sr-only sm:not-sr-only">{filter.label}</span>
              </>
            )}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * What the box shows while typing, and its way into the address: after a pause the trimmed text is committed.
 * Starting or clearing a search is a new history entry; refining one replaces it, so Back goes to the search
 * before, not to each half-typed word. A search in the address that changes by itself (Back, Forward, a shared
 * link, the logo) replaces what the box shows.
 */
function useSearchBox(committed: string, commit: (next: string, replace: boolean) => void) {
  const stored = useSearchDraft((s) => s.draft);
  const known = useSearchDraft((s) => s.committed !== null);
  const setDraft = useSearchDraft((s) => s.setDraft);
  // Before the box first read the address (a shared link), it shows the address's search.
  const draft = known ? stored : committed;
  const settled = useDebouncedValue(draft.trim(), SEARCH_DEBOUNCE_MS);
  const commitRef = useRef(commit);
  // A click that is already taking the viewer elsewhere (a card, while the next screen's code loads) wins over
  // a search typed just before it: committing then would bring them back to the results.
  const leaving = useNavigation().state !== "idle";
  const leavingRef = useRef(leaving);
  useEffect(() => {
    commitRef.current = commit;
    leavingRef.current = leaving;
  });

  // After the box commits, the screen still renders the address it had until the navigation lands (and a
  // rebuilt box, or React's development replay of effects, sees that older address): only a newer address
  // than the one the commit was made on says what the box should show.
  const { key } = useLocation();
  useEffect(() => {
    const store = useSearchDraft.getState();
    if (store.committedOn === key) return;
    if (store.committedOn !== null) useSearchDraft.setState({ committedOn: null });
    if (committed === store.committed) return;
    // Keys that landed before the box first read the address (a busy first load) are the viewer's search: the
    // address is taken as what is committed, and the typed text stays to be committed after the pause.
    if (store.committed === null && store.draft !== "") useSearchDraft.setState({ committed });
    else useSearchDraft.setState({ draft: committed, committed });
  }, [committed, key]);

  useEffect(() => {
    const { committed: before, draft: typed } = useSearchDraft.getState();
    // Only what was typed and then left alone for the pause (not a value from before the address changed).
    if (before === null || settled === before || settled !== typed.trim() || leavingRef.current) return;
    useSearchDraft.setState({ committed: settled, committedOn: key });
    commitRef.current(settled, before !== "" && settled !== "");
    // The address it was committed on is the render's; only a new draft commits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return [draft, setDraft] as const;
}
