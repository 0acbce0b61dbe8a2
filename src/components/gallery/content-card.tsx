import { Link } from "react-router";
import { splitTags } from "../../../common/tags";
import { formatDuration } from "../../lib/format";
import type { ContentJson } from "../../../common/schemas/content";
import { ViewCount } from "../content/view-count";
import { SaveToPlaylistButton } from "../playlists/save-to-playlist";
import { WatchLaterButton } from "../playlists/watch-later-button";
import { CaptionMatch } from "./caption-match";
import { CreatorAvatar } from "../creator/creator-avatar";
import { ContentThumbnail, type ImagePriority } from "./content-thumbnail";
import type { DiscoveryMethod, DiscoveryState } from "../../lib/discovery";

/** docs/product-spec.md §9: a card shows at most two tags. */
const MAX_CARD_TAGS = 2;

type ContentCardProps = {
  item: ContentJson;
  /** How the viewer found this card; passed to the content page as location state. */
  discovery?: DiscoveryMethod;
  /** How soon its image loads: "first" is the screen's largest paint, "eager" above the fold, else lazily. */
  image?: ImagePriority;
  /** A search matched it only in its captions (docs/decisions/049). */
  inCaptions?: boolean;
  /**
   * Title, creator and views only: the home shelf's rows (docs/decisions/098), whose height must not grow with an
   * item's description or tags, or the gallery would leave the first screen.
   */
  compact?: boolean;
};

/**
 * One gallery item. The whole card opens the content page, yet the creator name is its own link:
 * links cannot nest, so the title link is stretched over the card (`after:absolute after:inset-0`)
 * and the creator link sits above it (`relative z-10`).
 */
export function ContentCard({
  item,
  discovery = "browse",
  image = "lazy",
  inCaptions = false,
  compact = false,
}: ContentCardProps) {
  const tags = splitTags(item.tags).slice(0, MAX_CARD_TAGS);
  const state: DiscoveryState = { discovery };

  return (
    <article className="group relative flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 transition focus-within:border-violet-500 hover:border-slate-600">
      <div className="relative aspect-video overflow-hidden bg-slate-800">
        <ContentThumbnail item={item} priority={image} className="transition duration-300 group-hover:scale-105" />
        <span className="absolute right-2 bottom-2 rounded bg-slate-950/85 px-1.5 py-0.5 text-xs font-medium tabular-nums text-slate-100">
          <span className="sr-only">Duration </span>
          {formatDuration(item.duration)}
        </span>
        {/* Above the stretched title link (z-10), always shown: touch screens have no hover, keyboards tab to them. */}
        <div className="absolute top-2 right-2 z-10 flex gap-1.5">
          <WatchLaterButton contentId={item.id} title={item.title} variant="card" />
          <SaveToPlaylistButton contentId={item.id} title={item.title} variant="card" />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        {/* Titles and descriptions may be one unbroken word (a URL): they wrap anywhere and stop at two lines,
            the whole title in a tooltip and on the content page. */}
        <h3 className="line-clamp-2 font-semibold wrap-anywhere text-slate-100">
          <Link
            to={`/content/${item.id}`}
            state={state}
            title={item.title}
            className="outline-none after:absolute after:inset-0 after:content-[''] focus-visible:underline"
          >
            {item.title}
          </Link>
        </h3>
        <Link
          to={`/creator/${item.created_by}`}
          className="relative z-10 flex max-w-full min-w-0 items-center gap-2 self-start rounded text-sm text-violet-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          <CreatorAvatar creatorId={item.created_by} name={item.creator_name} url={item.creator_avatar_url} size="sm" />
          {/* One line, the whole name in a tooltip and on the creator page: a name is one unbroken word at worst. */}
          <span className="min-w-0 truncate" title={item.creator_name}>
            {item.creator_name}
          </span>
        </Link>
        <ViewCount count={item.view_count} className="text-xs text-slate-400" />
        {inCaptions ? <CaptionMatch /> : null}
        {item.description && !compact ? (
          <p className="line-clamp-2 text-sm wrap-anywhere text-slate-400">{item.description}</p>
        ) : null}
        {tags.length > 0 && !compact ? (
          <ul aria-label="Tags" className="mt-auto flex flex-wrap gap-1.5 pt-1">
            {tags.map((tag) => (
              <li
                key={tag}
                className="max-w-full truncate rounded-full bg-slate-800 px-2 py-0.5 text-xs text-slate-300"
                title={tag}
              >
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
