import { useEffect, useRef, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { itemLink, parseStartTime } from "../../common/embed";
import type { ContentJson } from "../../common/schemas/content";
import { sequenceOverlay } from "../components/ads/sequence-overlay";
import { EmbedLoading } from "../components/embed-loading";
import { MediaPlayer } from "../components/player/media-player";
import { useAdSequence } from "../hooks/use-ad-sequence";
import { useDocumentTitle } from "../hooks/use-document-title";
import type { PlayerHandle } from "../hooks/player-handle";
import { embedMediaUrl } from "../lib/content-api";
import { useContentItem } from "../queries/content";

// The embed page, /embed/{id} (docs/decisions/099): the player alone, in another site's frame. The media comes from
// the embed's own route (played as a visitor, counted for nobody), the ads run as on the site, and no playback
// event is ever sent: a view in someone else's page cannot be shown to be anyone's attention, so it earns nothing.

/** The embed reports nothing: these stand where the content page's playback reporting would. */
const NO_REPORTING = { onPlay() {}, onTimeUpdate() {}, onPause() {}, onEnded() {} };

const linkClass =
  "shrink-0 rounded px-2 py-1 text-sm font-semibold text-white underline-offset-2 hover:underline " +
  "focus-visible:outline-2 focus-visible:outline-violet-400";

function EmbedPage() {
  const { id = "" } = useParams();
  const { data: content, isPending } = useContentItem(id);
  if (isPending) return <EmbedLoading />;
  if (!content) {
    return (
      <main className="flex h-dvh flex-col items-center justify-center gap-2 bg-black p-4 text-center text-slate-200">
        <p>This item is unavailable.</p>
        <a href={window.location.origin} target="_blank" rel="noopener" className={linkClass}>
          Go to Reelpay
        </a>
      </main>
    );
  }
  return <EmbedPlayer content={content} />;
}

function EmbedPlayer({ content }: { content: ContentJson }) {
  const playerRef = useRef<PlayerHandle>(null);
  const [params] = useSearchParams();
  // The frame's document carries the item's name, as the item's page does (the host page's tab keeps its own).
  useDocumentTitle(content.title);
  const sequence = useAdSequence({ contentId: undefined, player: playerRef, reporting: NO_REPORTING });
  // "Watch on Reelpay" opens the item where the embed is now: its address follows the player each second.
  const [now, setNow] = useState(0);
  useEffect(() => {
    const start = parseStartTime(params.get("t"));
    if (start !== null && start < content.duration) playerRef.current?.seekTo(start);
    const timer = setInterval(() => setNow(Math.floor(playerRef.current?.media()?.currentTime ?? 0)), 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link's start applies to the first play only
  }, []);

  const overlay = sequenceOverlay(sequence, content.type);

  return (
    <main className="relative flex h-dvh w-full items-center justify-center overflow-hidden bg-black">
      <div className="w-full max-w-[calc(100dvh*16/9)]">
        <MediaPlayer
          ref={playerRef}
          content={content}
          overlay={overlay}
          src={embedMediaUrl(content.id)}
          {...sequence.callbacks}
        />
      </div>
      <div className="pointer-events-none absolute inset-x-0 top-0 z-30 flex items-center gap-2 bg-gradient-to-b from-black/80 to-transparent p-2">
        <h1 className="min-w-0 flex-1 truncate text-sm font-medium text-white" title={content.title}>
          {content.title}
        </h1>
        <a
          href={itemLink(window.location.origin, content.id, now)}
          target="_blank"
          rel="noopener"
          className={`${linkClass} pointer-events-auto`}
        >
          Watch on Reelpay
        </a>
      </div>
    </main>
  );
}

export { EmbedPage as Component };
