import { FollowButton } from "../follow-button";
import { formatDate } from "../../lib/format";
import type { CreatorPageJson } from "../../../common/schemas/users";
import { formatViews } from "../content/view-count";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The creator page's header: name, joined date and how much they have published. */
export function CreatorProfile({ creator }: { creator: CreatorPageJson }) {
  const initial = creator.display_name.charAt(0).toUpperCase() || "?";
  return (
    <header className="flex flex-wrap items-center gap-5 rounded-3xl border border-slate-800 bg-gradient-to-br from-violet-950/60 via-slate-900 to-slate-950 p-6 sm:p-8">
      <div
        aria-hidden="true"
        className="flex size-20 items-center justify-center rounded-full bg-violet-600 text-3xl font-bold text-white"
      >
        {initial}
      </div>
      <div className="min-w-0 space-y-1">
        <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">{creator.display_name}</h1>
        <p className="text-slate-400">Joined {formatDate(creator.created_at)}</p>
        <ul aria-label="Published" className="flex gap-4 pt-1 text-sm text-slate-200">
          <li>{plural(creator.video_count, "video", "videos")}</li>
          <li>{creator.audio_count} audio</li>
          <li title={formatViews(creator.view_count)}>{formatViews(creator.view_count, true)}</li>
        </ul>
      </div>
      <div className="sm:ml-auto">
        <FollowButton creatorId={creator.id} />
      </div>
    </header>
  );
}
