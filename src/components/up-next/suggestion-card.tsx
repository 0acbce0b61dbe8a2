import { Link } from "react-router";
import { formatDuration } from "../../lib/format";
import type { ContentJson } from "../../lib/types";
import { ContentThumbnail } from "../gallery/content-thumbnail";
import type { DiscoveryState } from "../gallery/discovery";
import { TypeIcon } from "../gallery/type-icon";

// Suggestions come from the recommender, so opening one counts as an AI-recommended discovery.
const discoveryState: DiscoveryState = { discovery: "ai_recommended" };

/** One Up Next card: thumbnail with its m:ss duration, title, description and type. */
export function SuggestionCard({ item }: { item: ContentJson }) {
  return (
    <Link
      to={`/content/${item.id}`}
      state={discoveryState}
      className="group flex gap-3 rounded-xl border border-slate-800 bg-slate-900/80 p-2 transition hover:border-slate-600 focus-visible:outline-2 focus-visible:outline-violet-400"
    >
      <div className="relative aspect-video w-28 shrink-0 overflow-hidden rounded-lg bg-slate-800 sm:w-32">
        <ContentThumbnail item={item} />
        <span className="absolute right-1 bottom-1 rounded bg-slate-950/85 px-1 text-[11px] font-medium tabular-nums text-slate-100">
          <span className="sr-only">Duration </span>
          {formatDuration(item.duration)}
        </span>
      </div>
      <div className="min-w-0 flex-1">
        <p className="line-clamp-1 text-sm font-semibold text-slate-100 group-hover:text-white">{item.title}</p>
        {item.description ? <p className="mt-0.5 line-clamp-2 text-xs text-slate-400">{item.description}</p> : null}
        <p className="mt-1 inline-flex items-center gap-1 text-xs text-violet-300">
          <TypeIcon type={item.type} className="size-3.5" />
          {item.type === "video" ? "Video" : "Audio"}
        </p>
      </div>
    </Link>
  );
}
