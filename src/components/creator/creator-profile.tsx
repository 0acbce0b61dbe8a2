import { FollowButton } from "../follow-button";
import { formatDate } from "../../lib/format";
import type { CreatorPageJson } from "../../../common/schemas/users";
import { formatViews } from "../content/view-count";
import { CreatorAvatar } from "./creator-avatar";
import { CreatorLinks } from "./creator-links";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

// The banner's shape: the profile form crops uploads to 2048×512 (docs/decisions/091).
const BANNER = { width: 2048, height: 512 };

/**
 * The creator page's header: banner, avatar, name, joined date, how much they have published, bio and links.
 * Without a banner the header keeps its plain gradient; without an avatar, the initial.
 */
export function CreatorProfile({ creator }: { creator: CreatorPageJson }) {
  return (
    <header className="overflow-hidden rounded-3xl border border-slate-800 bg-gradient-to-br from-violet-950/60 via-slate-900 to-slate-950">
      {creator.banner_url ? (
        <img
          src={creator.banner_url}
          alt=""
          width={BANNER.width}
          height={BANNER.height}
          decoding="async"
          className="aspect-[4/1] w-full bg-slate-800 object-cover"
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-5 p-6 sm:p-8">
        <CreatorAvatar creatorId={creator.id} name={creator.display_name} url={creator.avatar_url} size="lg" eager />
        {/* At least 10rem: on a phone the Follow button wraps under the name rather than squeezing it to a column. */}
        <div className="min-w-40 flex-1 space-y-1">
          <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">{creator.display_name}</h1>
          <p className="text-slate-400">Joined {formatDate(creator.created_at)}</p>
          <ul aria-label="Published" className="flex flex-wrap gap-x-4 gap-y-1 pt-1 text-sm text-slate-200">
            <li>{plural(creator.video_count, "video", "videos")}</li>
            <li>{creator.audio_count} audio</li>
            <li title={formatViews(creator.view_count)}>{formatViews(creator.view_count, true)}</li>
          </ul>
        </div>
        <div className="sm:ml-auto">
          <FollowButton creatorId={creator.id} />
        </div>
        {creator.bio || creator.links.length > 0 ? (
          <div className="w-full min-w-0 space-y-3">
            {/* Plain text: React escapes it, line breaks are kept, a long word or address wraps anywhere, and an
                address in the bio is not a link (docs/decisions/091). */}
            {creator.bio ? (
              <p className="max-w-3xl whitespace-pre-line wrap-anywhere text-slate-300">{creator.bio}</p>
            ) : null}
            <CreatorLinks links={creator.links} />
          </div>
        ) : null}
      </div>
    </header>
  );
}
