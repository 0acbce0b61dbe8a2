import { useRef, useState } from "react";
import { parseStartTime } from "../../common/embed";
import type { PlayerHandle } from "../hooks/player-handle";
import { Link, useParams, useSearchParams } from "react-router";
import type { PlaylistJson } from "../../common/schemas/playlists";
import { useShallow } from "zustand/react/shallow";
import { CommentSection } from "../components/comments/comment-section";
import { ContentDetails } from "../components/content/content-details";
import { ContentMessage } from "../components/content/content-message";
import { ContentPlayer } from "../components/content/content-player";
import { SignInModal } from "../components/sign-in-modal";
import { PageSpinner } from "../components/spinner";
import { buttonClass, card } from "../components/ui";
import { PlaylistNowPlaying, PlaylistQueue } from "../components/playlists/playlist-queue";
import { RelatedList } from "../components/up-next/related-list";
import { VisibilityNote } from "../components/visibility/visibility-note";
import { usePlaylist } from "../queries/playlists";
import { useContentItem } from "../queries/content";
import { useAuth } from "../stores/auth";
import { useGalleryReturn } from "../stores/gallery-return";
import { THEATRE_MEDIA_QUERY, usePlayerPrefs } from "../stores/player-prefs";
import { useMediaQuery } from "../hooks/use-media-query";

function ContentPage() {
  const { user, pending } = useAuth(useShallow((s) => ({ user: s.user, pending: s.pending })));
  const { id = "" } = useParams();
  if (pending) return <PageSpinner />;
  if (!user) return <SignInRequired />;
  // A new id (e.g. following a suggestion) starts a fresh player rather than reusing the old one.
  return <ContentView key={id} id={id} />;
}

/** `?list={id}`: the item plays within that list, when the caller may read it and the item is in it. */
function usePlayingList(contentId: string): { list: PlaylistJson; index: number } | null {
  const [params] = useSearchParams();
  const listId = params.get("list") ?? "";
  const { data: list } = usePlaylist(listId);
  if (!listId || !list) return null;
  const index = list.items.findIndex((entry) => entry.content.id === contentId);
  return index < 0 ? null : { list, index };
}

function ContentView({ id }: { id: string }) {
  const { data: content, isPending } = useContentItem(id);
  const playing = usePlayingList(id);
  // A shared link's start time (docs/decisions/099), read once: seconds, or 1m30s / 90s.
  const [params] = useSearchParams();
  const [startAt] = useState(() => parseStartTime(params.get("t")));
  const wide = useMediaQuery(THEATRE_MEDIA_QUERY);
  const playerRef = useRef<PlayerHandle>(null);
  // Only where the page has room beside the player does theatre mode change anything (docs/decisions/102).
  const theatre = usePlayerPrefs((s) => s.theatre) && wide;

  if (isPending) return <PageSpinner />;
  // Null: the API answered 404. Undefined: the load failed (and was logged) with nothing to show.
  if (content === null) {
    return (
      <ContentMessage
        title="Content not found"
        text="It may have been removed, or the link is incomplete."
        actionLabel="Go back home"
      />
    );
  }
  if (content === undefined) {
    return (
      <ContentMessage
        title="Something went wrong"
        text="This content could not be loaded. Please try again later."
        actionLabel="Go back home"
      />
    );
  }

  // From 1024 px the related list stands beside the player; below that it follows the details. In theatre mode
  // (docs/decisions/102) the player takes the page's whole width and Related goes below, as on a phone.
  return (
    <div
      data-theatre={theatre ? "on" : "off"}
      className={
        theatre
          ? "mx-auto max-w-7xl"
          : "mx-auto max-w-5xl lg:grid lg:max-w-7xl lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-8"
      }
    >
      <article className="min-w-0 space-y-6">
        <BackToGallery />
        <VisibilityNote content={content} />
        {playing ? <PlaylistNowPlaying list={playing.list} index={playing.index} /> : null}
        <ContentPlayer
          content={content}
          startAt={startAt}
          playerRef={playerRef}
          playlistNext={
            playing
              ? {
                  id: playing.list.id,
                  title: playing.list.title,
                  items: playing.list.items.slice(playing.index + 1, playing.index + 4).map((e) => e.content),
                }
              : undefined
          }
        />
        <ContentDetails content={content} currentTime={() => playerRef.current?.media()?.currentTime ?? 0} />
        <CommentSection contentId={content.id} />
      </article>
      <div className={theatre ? "mt-8" : undefined}>
        {playing ? <PlaylistQueue list={playing.list} index={playing.index} /> : <RelatedList contentId={content.id} />}
      </div>
    </div>
  );
}

/** Home with the search the gallery last showed (it lives in the address, docs/decisions/047). */
function BackToGallery() {
  const search = useGalleryReturn((s) => s.search);
  return (
    <Link
      to={`/${search}`}
      className="inline-flex items-center gap-1 rounded text-sm text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400"
    >
      <span aria-hidden="true">←</span> Back to gallery
    </Link>
  );
}

/** Watching needs an account (views earn money), so visitors get the pitch instead of the player. */
function SignInRequired() {
  const [modalOpen, setModalOpen] = useState(true);
  return (
    <section className={`${card} mx-auto max-w-lg text-center`}>
      <h1 className="text-2xl font-semibold">Sign In Required</h1>
      <p className="mt-2 text-slate-400">You must be signed in to watch or stream content</p>
      <button
        type="button"
        aria-haspopup="dialog"
        className={`${buttonClass()} mt-6`}
        onClick={() => setModalOpen(true)}
      >
        Sign In to Watch
      </button>
      <SignInModal open={modalOpen} onClose={() => setModalOpen(false)} />
    </section>
  );
}

export { ContentPage as Component };
