import type { ContentJson } from "../../../common/schemas/content";
import { ContentCard } from "./content-card";
import type { DiscoveryMethod } from "../../lib/discovery";
import { TypeIcon } from "./type-icon";

/** docs/product-spec.md §9: the loading state shows 8 placeholder cards. */
const PLACEHOLDER_COUNT = 8;
/** A first row at the widest layout (4 columns): images the first screen shows, fetched at once (docs/decisions/044). */
const FIRST_ROW = 4;

const gridClass = "grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";

type ContentGridProps = {
  items: ContentJson[];
  /** True while the first page loads: placeholders instead of cards (later pages load below the grid). */
  loading: boolean;
  emptyTitle?: string;
  emptyText?: string;
  discovery?: DiscoveryMethod;
  /** Search results whose words were found only in their captions: their cards say so. */
  inCaptions?: ReadonlySet<string>;
};

export function ContentGrid({
  items,
  loading,
  emptyTitle = "No content found",
  emptyText = "Be the first to upload something!",
  discovery,
  inCaptions,
}: ContentGridProps) {
  if (loading) {
    return (
      <div className={gridClass} role="status" aria-busy="true" aria-label="Loading content">
        {Array.from({ length: PLACEHOLDER_COUNT }, (_, index) => (
          <PlaceholderCard key={index} />
        ))}
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-800 px-6 py-16 text-center">
        <TypeIcon type="video" className="size-12 text-slate-600" />
        <p className="mt-4 text-lg font-semibold text-slate-200">{emptyTitle}</p>
        <p className="mt-1 text-slate-400">{emptyText}</p>
      </div>
    );
  }

  return (
    <ul className={gridClass}>
      {items.map((item, index) => (
        <li key={item.id} className="flex min-w-0">
          <ContentCard
            item={item}
            discovery={discovery}
            image={index === 0 ? "first" : index < FIRST_ROW ? "eager" : "lazy"}
            inCaptions={inCaptions?.has(item.id)}
          />
        </li>
      ))}
    </ul>
  );
}

function PlaceholderCard() {
  return (
    <div
      data-testid="content-placeholder"
      className="animate-pulse overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60"
    >
      <div className="aspect-video bg-slate-800" />
      <div className="space-y-2 p-4">
        <div className="h-4 w-3/4 rounded bg-slate-800" />
        <div className="h-3 w-1/3 rounded bg-slate-800" />
        <div className="h-3 w-full rounded bg-slate-800" />
      </div>
    </div>
  );
}
