import { useId } from "react";
import type { ContentLength, ContentSort, ContentUploaded } from "../../../common/schemas/content";
import type { GalleryParams } from "./gallery-url";

// The gallery's and search's Sort and Filters (docs/decisions/100): native selects, so the keyboard, screen
// readers and phones all work as they do everywhere; each choice is a new address (Back undoes it).

const SORT_LABELS: Record<ContentSort, string> = { relevance: "Relevance", newest: "Newest", views: "Most viewed" };
const LENGTH_LABELS: Record<ContentLength, string> = {
  short: "Under 4 minutes",
  medium: "4–20 minutes",
  long: "Over 20 minutes",
};
const UPLOADED_LABELS: Record<ContentUploaded, string> = {
  today: "Today",
  week: "This week",
  month: "This month",
  year: "This year",
};

type Choice = Pick<GalleryParams, "sort" | "length" | "uploaded">;

/** The order the list is in: what `sort` says, else relevance for a search and newest for the gallery. */
function shownSort(sort: GalleryParams["sort"], searching: boolean): ContentSort {
  if (!sort || (sort === "relevance" && !searching)) return searching ? "relevance" : "newest";
  return sort;
}

type Props = Choice & { searching: boolean; onChange: (change: Partial<Choice>) => void };

export function SortAndFilters({ sort, length, uploaded, searching, onChange }: Props) {
  const id = useId();
  const current = shownSort(sort, searching);
  // Relevance weighs the words of a search: without one there is nothing to weigh.
  const sorts = (Object.keys(SORT_LABELS) as ContentSort[]).filter((s) => searching || s !== "relevance");
  const filtered = Boolean(length || uploaded);
  return (
    <div role="group" aria-label="Sort and filters" className="flex flex-wrap items-end gap-x-3 gap-y-2 text-sm">
      <Select id={`${id}-sort`} label="Sort" value={current} onChange={(v) => onChange({ sort: v as ContentSort })}>
        {sorts.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </Select>
      <Select
        id={`${id}-length`}
        label="Length"
        value={length}
        onChange={(v) => onChange({ length: v as Choice["length"] })}
      >
        <option value="">Any</option>
        {(Object.keys(LENGTH_LABELS) as ContentLength[]).map((l) => (
          <option key={l} value={l}>
            {LENGTH_LABELS[l]}
          </option>
        ))}
      </Select>
      <Select
        id={`${id}-uploaded`}
        label="Upload date"
        value={uploaded}
        onChange={(v) => onChange({ uploaded: v as Choice["uploaded"] })}
      >
        <option value="">Any time</option>
        {(Object.keys(UPLOADED_LABELS) as ContentUploaded[]).map((u) => (
          <option key={u} value={u}>
            {UPLOADED_LABELS[u]}
          </option>
        ))}
      </Select>
      {filtered ? (
        <button
          type="button"
          onClick={() => onChange({ length: "", uploaded: "" })}
          className="rounded-full border border-slate-700 px-3 py-1.5 text-xs font-medium text-slate-200 hover:border-slate-500 focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          Clear filters
        </button>
      ) : null}
    </div>
  );
}

type SelectProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
};

function Select({ id, label, value, onChange, children }: SelectProps) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-400">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="max-w-full rounded-lg border border-slate-700 bg-slate-900 px-2 py-1.5 text-slate-100 focus-visible:outline-2 focus-visible:outline-violet-400"
      >
        {children}
      </select>
    </div>
  );
}

/**
 * What an empty list says when filters are on: which ones to loosen, by their names as the controls show them.
 */
export function emptyWithFilters(length: GalleryParams["length"], uploaded: GalleryParams["uploaded"]) {
  const on = [
    length ? `Length (${LENGTH_LABELS[length]})` : null,
    uploaded ? `Upload date (${UPLOADED_LABELS[uploaded]})` : null,
  ].filter(Boolean);
  return `Try loosening ${on.join(" or ")}, or Clear filters.`;
}
