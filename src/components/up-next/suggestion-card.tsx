import { Link } from "react-router";
import type { ContentJson } from "../../../common/schemas/content";
import { DurationThumbnail } from "../gallery/content-thumbnail";
import type { DiscoveryState } from "../../lib/discovery";
import { TypeIcon } from "../gallery/type-icon";

// Suggestions come from the recommender, so opening one counts as an AI-recommended discovery.
const discoveryState: DiscoveryState = { discovery: "ai_recommended" };

/**
 * One Up Next card: thumbnail with its m:ss duration, title, description and type. It fills its place in
 * the panel: side by side on a phone's strip, the thumbnail above the text (taking the height) from `sm`.
 */
export function SuggestionCard({
  item,
  to = `/content/${item.id}`,
  state = discoveryState,
}: {
  item: ContentJson;
  /** Where the card leads, and how it says the item was found (a playlist's next item: within the list, a browse). */
  to?: string;
  state?: DiscoveryState;
}) {
  return (
    <Link
      to={to}
      state={state}
      className="group flex size-full gap-3 rounded-xl border border-slate-800 bg-slate-900/80 p-2 transition hover:border-slate-600 focus-visible:outline-2 focus-visible:outline-violet-400 sm:flex-col sm:gap-2"
    >
      <DurationThumbnail
        item={item}
        className="aspect-video h-full max-h-20 self-center sm:aspect-auto sm:h-auto sm:max-h-none sm:min-h-16 sm:w-full sm:flex-1 sm:self-auto"
      />
      <div className="min-w-0 flex-1 self-center sm:flex-none sm:self-auto">
        <p className="line-clamp-2 text-sm font-semibold wrap-anywhere text-slate-100 group-hover:text-white sm:line-clamp-1">
          {item.title}
        </p>
        {item.description ? (
          <p className="mt-0.5 line-clamp-1 text-xs text-slate-400 sm:line-clamp-2">{item.description}</p>
        ) : null}
        <p className="mt-1 inline-flex items-center gap-1 text-xs text-violet-300">
          <TypeIcon type={item.type} className="size-3.5" />
          {item.type === "video" ? "Video" : "Audio"}
        </p>
      </div>
    </Link>
  );
}
