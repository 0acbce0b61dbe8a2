import { useState } from "react";
import { describeFailure, refusalOf } from "../../lib/api";
import { addToPlaylist, createPlaylist, removeFromPlaylist } from "../../lib/playlists-api";
import { useMyPlaylists, useRefreshPlaylists } from "../../queries/playlists";
import { Modal } from "../modal";
import { buttonClass } from "../ui";
import { PlaylistForm, VISIBILITY_LABELS } from "./playlist-form";
import { FormError } from "../form-error";

/** The "Save to…" dialog: a checkbox per list of the member's, saved on each tick, and "New playlist". */
export default function SaveDialog({ contentId, onClose }: { contentId: string; onClose: () => void }) {
  const { data: lists, isError } = useMyPlaylists(contentId);
  const refresh = useRefreshPlaylists();
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  // A tick shows at once; the lists' fresh answer then takes over.
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [problem, setProblem] = useState<string | null>(null);

  async function toggle(listId: string, holds: boolean) {
    setBusy(listId);
    setProblem(null);
    setTicked((t) => ({ ...t, [listId]: !holds }));
    try {
      await (holds ? removeFromPlaylist(listId, contentId) : addToPlaylist(listId, contentId));
      await refresh();
    } catch (error) {
      const refusal = refusalOf(error);
      setProblem(refusal ?? "Could not change the playlist. Please try again.");
      if (!refusal) console.error(describeFailure("Failed to change playlist", error));
    } finally {
      setTicked(({ [listId]: _, ...rest }) => rest);
      setBusy(null);
    }
  }

  return (
    <Modal title="Save to…" onClose={onClose} size="md">
      {creating ? (
        <PlaylistForm
          submitLabel="Create and save"
          onCancel={() => setCreating(false)}
          onSubmit={async (fields) => {
            const made = await createPlaylist(fields);
            await addToPlaylist(made.id, contentId);
            await refresh();
            setCreating(false);
          }}
        />
      ) : (
        <div className="space-y-4">
          {lists ? (
            <ul className="max-h-72 space-y-1 overflow-y-auto" aria-label="Your playlists">
              {lists.map((list) => (
                <li key={list.id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-800">
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-violet-500"
                      checked={ticked[list.id] ?? !!list.has_item}
                      disabled={busy !== null}
                      onChange={() => void toggle(list.id, !!list.has_item)}
                    />
                    <span className="min-w-0 flex-1 truncate" title={list.title}>
                      {list.title}
                    </span>
                    <span className="shrink-0 text-xs text-slate-400">{VISIBILITY_LABELS[list.visibility]}</span>
                  </label>
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
          <FormError message={problem} />
          <div className="flex flex-wrap justify-between gap-2">
            <button type="button" className={buttonClass("secondary")} onClick={() => setCreating(true)}>
              New playlist
            </button>
            <button type="button" className={buttonClass("primary")} onClick={onClose}>
              Done
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
