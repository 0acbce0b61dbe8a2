import { Link } from "react-router";
import type { PlaylistSummaryJson } from "../../../common/schemas/playlists";
import { ClockIcon, ListPlusIcon } from "./playlist-icons";
import { VISIBILITY_LABELS } from "./playlist-form";

export const itemsText = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "item" : "items"}`;

/** One list as a card (Profile's Playlists, a creator page): its first item's image, title, count. */
export function PlaylistCard({ list, showVisibility }: { list: PlaylistSummaryJson; showVisibility: boolean }) {
  return (
    <article className="group relative flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 transition focus-within:border-violet-500 hover:border-slate-600">
      <div className="relative grid aspect-video place-items-center overflow-hidden bg-slate-800 text-slate-500">
        {list.thumbnail_url ? (
          <img src={list.thumbnail_url} alt="" className="absolute inset-0 size-full object-cover" loading="lazy" />
        ) : list.kind === "watch_later" ? (
          <ClockIcon className="size-10" />
        ) : (
          <ListPlusIcon className="size-10" />
        )}
        <span className="absolute right-2 bottom-2 rounded bg-slate-950/85 px-1.5 py-0.5 text-xs font-medium text-slate-100">
          {itemsText(list.item_count)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="line-clamp-2 font-semibold wrap-anywhere text-slate-100">
          <Link
            to={`/playlist/${list.id}`}
            title={list.title}
            className="outline-none after:absolute after:inset-0 after:content-[''] focus-visible:underline"
          >
            {list.title}
          </Link>
        </h3>
        {showVisibility ? <p className="text-xs text-slate-400">{VISIBILITY_LABELS[list.visibility]}</p> : null}
        {list.description ? (
          <p className="line-clamp-2 text-sm wrap-anywhere text-slate-400">{list.description}</p>
        ) : null}
      </div>
    </article>
  );
}

export const playlistGridClass = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";
