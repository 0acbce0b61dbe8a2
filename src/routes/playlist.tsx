import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { PlaylistJson } from "../../common/schemas/playlists";
import { ContentMessage } from "../components/content/content-message";
import { Modal } from "../components/modal";
import { itemsText } from "../components/playlists/playlist-card";
import { PlaylistForm, VISIBILITY_LABELS } from "../components/playlists/playlist-form";
import { PlaylistItems, playUrl } from "../components/playlists/playlist-items";
import { PageSpinner } from "../components/spinner";
import { buttonClass } from "../components/ui";
import { describeFailure, refusalOf } from "../lib/api";
import type { DiscoveryState } from "../lib/discovery";
import { deletePlaylist, editPlaylist } from "../lib/playlists-api";
import { usePlaylist, useRefreshPlaylists } from "../queries/playlists";

const browse: DiscoveryState = { discovery: "browse" };

/** /playlist/{id}: a list's page (docs/decisions/090). A private list is its owner's only: 404 to anyone else. */
function PlaylistPage() {
  const { id = "" } = useParams();
  const { data: list, isPending } = usePlaylist(id);
  if (isPending) return <PageSpinner />;
  if (list === null) {
    return (
      <ContentMessage
        title="Playlist not found"
        text="It may be private or deleted, or the link is incomplete."
        actionLabel="Go back home"
      />
    );
  }
  if (list === undefined) {
    return (
      <ContentMessage
        title="Something went wrong"
        text="This playlist could not be loaded. Please try again later."
        actionLabel="Go back home"
      />
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PlaylistHeader list={list} />
      <PlaylistItems list={list} />
    </div>
  );
}

function PlaylistHeader({ list }: { list: PlaylistJson }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const refresh = useRefreshPlaylists();
  const first = list.items[0];
  const editable = list.is_owner && list.kind === "playlist";
  return (
    <header className="space-y-3">
      <h1 className="text-2xl font-semibold wrap-anywhere sm:text-3xl">{list.title}</h1>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-400">
        <Link
          to={`/creator/${list.owner_id}`}
          className="max-w-full rounded wrap-anywhere text-violet-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          {list.owner_name}
        </Link>
        <span>{itemsText(list.item_count)}</span>
        <span className="rounded-full bg-slate-800 px-2 py-0.5 text-xs text-slate-300">
          {VISIBILITY_LABELS[list.visibility]}
        </span>
      </p>
      {list.description ? <p className="whitespace-pre-line wrap-anywhere text-slate-300">{list.description}</p> : null}
      {list.unavailable_count > 0 ? (
        <p className="text-sm text-amber-300">
          {list.unavailable_count === 1
            ? "1 unavailable item is hidden (deleted or removed)."
            : `${list.unavailable_count} unavailable items are hidden (deleted or removed).`}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {first ? (
          <Link to={playUrl(first.content.id, list.id)} state={browse} className={buttonClass()}>
            ▶ Play all
          </Link>
        ) : null}
        {editable ? (
          <>
            <button
              type="button"
              aria-haspopup="dialog"
              className={buttonClass("secondary")}
              onClick={() => setEditing(true)}
            >
              Edit
            </button>
            <button
              type="button"
              aria-haspopup="dialog"
              className={buttonClass("secondary")}
              onClick={() => setConfirming(true)}
            >
              Delete playlist
            </button>
          </>
        ) : null}
      </div>
      {editing ? (
        <Modal title="Edit playlist" onClose={() => setEditing(false)}>
          <PlaylistForm
            initial={{ title: list.title, description: list.description, visibility: list.visibility }}
            submitLabel="Save"
            onCancel={() => setEditing(false)}
            onSubmit={async (fields) => {
              await editPlaylist(list.id, fields);
              await refresh();
              setEditing(false);
            }}
          />
        </Modal>
      ) : null}
      {confirming ? <DeleteDialog list={list} onClose={() => setConfirming(false)} /> : null}
    </header>
  );
}

function DeleteDialog({ list, onClose }: { list: PlaylistJson; onClose: () => void }) {
  const navigate = useNavigate();
  const refresh = useRefreshPlaylists();
  const [problem, setProblem] = useState<string | null>(null);
  async function confirm() {
    try {
      await deletePlaylist(list.id);
      void navigate("/profile", { replace: true });
      await refresh();
    } catch (error) {
      const refusal = refusalOf(error);
      setProblem(refusal ?? "Could not delete the playlist. Please try again.");
      if (!refusal) console.error(describeFailure("Failed to delete playlist", error));
    }
  }
  return (
    <Modal title="Delete this playlist?" onClose={onClose} size="md">
      <p className="text-sm wrap-anywhere text-slate-300">
        “{list.title}” goes for good. The items in it stay where they are.
      </p>
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-red-400">
          {problem}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-2">
        <button type="button" data-autofocus className={buttonClass()} onClick={() => void confirm()}>
          Delete playlist
        </button>
        <button type="button" className={buttonClass("secondary")} onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

export { PlaylistPage as Component };
