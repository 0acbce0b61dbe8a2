import { useId } from "react";
import { Link } from "react-router";
import type { PlaylistJson } from "../../../common/schemas/playlists";
import type { DiscoveryState } from "../../lib/discovery";
import { DurationThumbnail } from "../gallery/content-thumbnail";
import { playUrl } from "./playlist-items";

const browse: DiscoveryState = { discovery: "browse" };

/** Above the player while a list plays: its title, "n of N", and the previous and next items. */
export function PlaylistNowPlaying({ list, index }: { list: PlaylistJson; index: number }) {
  const previous = list.items[index - 1];
  const next = list.items[index + 1];
  return (
    <nav
      aria-label="Playlist"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border border-slate-800 bg-slate-900/60 px-3 py-2 text-sm"
    >
      <p className="min-w-0 flex-1">
        <Link
          to={`/playlist/${list.id}`}
          className="font-medium wrap-anywhere text-violet-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          {list.title}
        </Link>
        <span className="ml-2 whitespace-nowrap tabular-nums text-slate-400" data-testid="playlist-position">
          {index + 1} of {list.items.length}
        </span>
      </p>
      <span className="flex gap-3">
        {previous ? (
          <Link to={playUrl(previous.content.id, list.id)} state={browse} className={stepClass}>
            ← Previous
          </Link>
        ) : null}
        {next ? (
          <Link to={playUrl(next.content.id, list.id)} state={browse} className={stepClass}>
            Next →
          </Link>
        ) : null}
      </span>
    </nav>
  );
}

const stepClass =
  "rounded text-slate-300 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-violet-400";

/** Beside the player (below it on narrow screens) while a list plays: the list, the playing item marked. */
export function PlaylistQueue({ list, index }: { list: PlaylistJson; index: number }) {
  const headingId = useId();
  return (
    <aside aria-labelledby={headingId} className="mt-10 space-y-3 lg:mt-0">
      <h2 id={headingId} className="text-lg font-semibold">
        <span className="wrap-anywhere">{list.title}</span>{" "}
        <span className="text-sm font-normal whitespace-nowrap tabular-nums text-slate-400">
          {index + 1} of {list.items.length}
        </span>
      </h2>
      <ol className="max-h-[32rem] space-y-1 overflow-y-auto">
        {list.items.map((entry, i) => (
          <li key={entry.content.id}>
            <Link
              to={playUrl(entry.content.id, list.id)}
              state={browse}
              aria-current={i === index ? "true" : undefined}
              className={`group flex items-center gap-2 rounded-xl p-1 transition hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-violet-400 ${i === index ? "bg-slate-800" : ""}`}
            >
              <span className="w-5 shrink-0 text-center text-xs tabular-nums text-slate-400">
                {i === index ? <span aria-hidden="true">▶</span> : i + 1}
              </span>
              <DurationThumbnail item={entry.content} className="aspect-video w-24" />
              <span className="min-w-0 flex-1">
                <span
                  title={entry.content.title}
                  className="line-clamp-2 text-sm font-medium wrap-anywhere text-slate-100"
                >
                  {entry.content.title}
                </span>
                <span className="block truncate text-xs text-slate-400">{entry.content.creator_name}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </aside>
  );
}
