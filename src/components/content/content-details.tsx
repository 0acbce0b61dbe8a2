import { Link } from "react-router";
import { splitTags } from "../../../common/tags";
import { CommentCountLink } from "../comments/comment-section";
import { FollowButton } from "../follow-button";
import { CreatorAvatar } from "../creator/creator-avatar";
import { formatDuration } from "../../lib/format";
import type { ContentJson } from "../../../common/schemas/content";
import { ContentDescription } from "./content-description";
import { LikeButton } from "./like-button";
import { SaveToPlaylistButton } from "../playlists/save-to-playlist";
import { WatchLaterButton } from "../playlists/watch-later-button";
import { ReportButton } from "./report-button";
import { ShareButton } from "./share-button";
import { ViewsTerm } from "./view-count";

/** Everything under the player: title, like toggle, Report, description, duration, creator and tags. */
export function ContentDetails({ content, currentTime }: { content: ContentJson; currentTime?: () => number }) {
  const tags = splitTags(content.tags);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h1 className="min-w-0 text-2xl font-semibold wrap-anywhere sm:text-3xl">{content.title}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <LikeButton contentId={content.id} initialCount={content.like_count} />
          <WatchLaterButton contentId={content.id} title={content.title} variant="player" />
          <SaveToPlaylistButton contentId={content.id} title={content.title} variant="player" />
          <ShareButton content={content} currentTime={currentTime} />
          <ReportButton content={content} />
        </div>
      </div>
      {content.description ? <ContentDescription text={content.description} /> : null}
      <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
        <ViewsTerm count={content.view_count} />
        <CommentCountLink contentId={content.id} />
        <div>
          <dt className="text-slate-400">Duration</dt>
          <dd className="tabular-nums text-slate-200">{formatDuration(content.duration)}</dd>
        </div>
        <div className="min-w-0 wrap-anywhere">
          <dt className="text-slate-400">Creator</dt>
          <dd className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Link
              to={`/creator/${content.created_by}`}
              className="flex min-w-0 items-center gap-2 rounded font-medium text-violet-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-violet-400"
            >
              <CreatorAvatar
                creatorId={content.created_by}
                name={content.creator_name}
                url={content.creator_avatar_url}
                size="md"
              />
              <span className="min-w-0 wrap-anywhere">{content.creator_name}</span>
            </Link>
            <FollowButton creatorId={content.created_by} />
          </dd>
        </div>
      </dl>
      {tags.length > 0 ? (
        <ul aria-label="Tags" className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li
              key={tag}
              className="max-w-full rounded-full bg-slate-800 px-3 py-1 text-xs wrap-anywhere text-slate-300"
            >
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
