import { useState } from "react";
import { useNavigate } from "react-router";
import { createPlaylist } from "../../lib/playlists-api";
import { useMyPlaylists, useRefreshPlaylists } from "../../queries/playlists";
import { Modal } from "../modal";
import { buttonClass } from "../ui";
import { PlaylistCard, playlistGridClass } from "./playlist-card";
import { PlaylistForm } from "./playlist-form";

/** Profile's Playlists tab: Watch later first, then the member's playlists, and "New playlist" (docs/decisions/090). */
export function MyPlaylists() {
  const { data: lists, isError } = useMyPlaylists();
  const refresh = useRefreshPlaylists();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <section className="space-y-4" aria-label="Your playlists">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-400">
          Watch later and the lists you made. Playing from a list earns as any other view.
        </p>
        <button type="button" className={buttonClass()} aria-haspopup="dialog" onClick={() => setCreating(true)}>
          New playlist
        </button>
      </div>
      {lists ? (
        <ul className={playlistGridClass}>
          {lists.map((list) => (
            <li key={list.id} className="flex">
              <PlaylistCard list={list} showVisibility />
            </li>
          ))}
        </ul>
      ) : isError ? (
        <p className="text-sm text-red-400">Your playlists could not be loaded.</p>
      ) : (
        <p role="status" className="text-sm text-slate-400">
          Loading your playlists…
        </p>
      )}
      {creating ? (
        <Modal title="New playlist" onClose={() => setCreating(false)}>
          <PlaylistForm
            submitLabel="Create"
            onCancel={() => setCreating(false)}
            onSubmit={async (fields) => {
              const made = await createPlaylist(fields);
              await refresh();
              void navigate(`/playlist/${made.id}`);
            }}
          />
        </Modal>
      ) : null}
    </section>
  );
}
