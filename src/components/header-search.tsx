import { useShallow } from "zustand/react/shallow";
import { type ContentTypeFilter, useGalleryFilters } from "../stores/gallery-filters";

const typeFilters: { value: ContentTypeFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "video", label: "Videos" },
  { value: "audio", label: "Audio" },
];

/** Search box and type filters for the home gallery; state lives in the gallery-filters store. */
export function HeaderSearch() {
  const { search, type, setSearch, setType } = useGalleryFilters(
    useShallow((s) => ({ search: s.search, type: s.type, setSearch: s.setSearch, setType: s.setType })),
  );

  return (
    <div
      role="search"
      className="order-last flex w-full flex-wrap items-center gap-2 lg:order-none lg:w-auto lg:flex-1"
    >
      <input
        type="search"
        aria-label="Search content or creators"
        placeholder="Search content or creators..."
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="min-w-0 flex-1 rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-500 focus-visible:border-violet-500 focus-visible:outline-2 focus-visible:outline-violet-500/40"
      />
      <div role="group" aria-label="Content type" className="flex rounded-lg border border-slate-700 p-0.5">
        {typeFilters.map((filter) => (
          <button
            key={filter.value}
            type="button"
            aria-pressed={type === filter.value}
            onClick={() => setType(filter.value)}
            className={
              "rounded-md px-3 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-violet-400 " +
              (type === filter.value ? "bg-violet-600 text-white" : "text-slate-300 hover:text-white")
            }
          >
            {filter.label}
          </button>
        ))}
      </div>
    </div>
  );
}
