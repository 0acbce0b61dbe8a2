import { useId } from "react";
import { Link } from "react-router";
import type { ContentJson } from "../../../common/schemas/content";
import { useSuggestions } from "../../queries/content";
import { ViewCount } from "../content/view-count";
import { DurationThumbnail } from "../gallery/content-thumbnail";
import type { DiscoveryState } from "../../lib/discovery";
import { UP_NEXT_COUNT } from "./up-next-count";

// The same recommender answer as Up Next (one request, shared by its query key), so opening one is an AI pick.
const discoveryState: DiscoveryState = { discovery: "ai_recommended" };

/**
 * "Related" beside the player from 1024 px, under the details on narrower screens (docs/decisions/047): the
 * item's suggestions after the first few, which Up Next offers when the item ends (docs/decisions/098), so the
 * two never show the same card side by side. Says nothing while loading or when there are no more.
 */
export function RelatedList({ contentId }: { contentId: string }) {
  const headingId = useId();
  const { data } = useSuggestions(contentId);
  const items = data?.slice(UP_NEXT_COUNT);
  if (!items || items.length === 0) return null;
  return (
    <aside aria-labelledby={headingId} className="mt-10 space-y-3 lg:mt-0">
      <h2 id={headingId} className="text-lg font-semibold">
        Related
      </h2>
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.id}>
            <RelatedCard item={item} />
          </li>
        ))}
      </ul>
    </aside>
  );
}

function RelatedCard({ item }: { item: ContentJson }) {
  return (
    <Link
      to={`/content/${item.id}`}
      state={discoveryState}
      className="group flex gap-3 rounded-xl p-1 transition hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-violet-400"
    >
      <DurationThumbnail item={item} className="aspect-video w-40" />
      <div className="min-w-0 flex-1 space-y-0.5">
        <p
          title={item.title}
          className="line-clamp-2 text-sm font-semibold wrap-anywhere text-slate-100 group-hover:text-white"
        >
          {item.title}
        </p>
        <p className="truncate text-xs text-slate-400">{item.creator_name}</p>
        <ViewCount count={item.view_count} className="block text-xs text-slate-400" />
      </div>
    </Link>
  );
}
