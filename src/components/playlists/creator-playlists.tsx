import { useId } from "react";
import { usePublicPlaylists } from "../../queries/playlists";
import { PlaylistCard, playlistGridClass } from "./playlist-card";

/** A creator page's "Playlists": their public lists; nothing while loading or when there are none. */
export function CreatorPlaylists({ creatorId }: { creatorId: string }) {
  const headingId = useId();
  const { data: lists } = usePublicPlaylists(creatorId);
  if (!lists || lists.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-semibold">
        Playlists
      </h2>
      <ul className={playlistGridClass}>
        {lists.map((list) => (
          <li key={list.id} className="flex">
            <PlaylistCard list={list} showVisibility={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}
