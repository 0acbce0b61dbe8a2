import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { parseChapters } from "../../../common/chapters";
import { useAdSequence } from "../../hooks/use-ad-sequence";
import { usePlaybackReporting } from "../../hooks/use-playback-reporting";
import type { CountingStatus } from "../../lib/counting-status";
import type { ContentJson } from "../../../common/schemas/content";
import type { CaptionTrackJson } from "../../../common/schemas/captions";
import { useSuggestions } from "../../queries/content";
import { sequenceOverlay } from "../ads/sequence-overlay";
import type { PlayerHandle } from "../../hooks/player-handle";
import { MediaPlayer } from "../player/media-player";
import { UpNextPanel } from "../up-next/up-next-panel";
import { THEATRE_MEDIA_QUERY, usePlayerPrefs } from "../../stores/player-prefs";
import { useMediaQuery } from "../../hooks/use-media-query";
import { ChapterList } from "./chapter-list";
import { CountingIndicator } from "./counting-indicator";
import { ResumePrompt } from "./resume-prompt";

/** Where the signed-in viewer left the item, from GET /api/content/{id} (docs/decisions/045). */
type Resume = { resume_at_seconds?: number | null; resume_skips_preroll?: boolean; captions?: CaptionTrackJson[] };

/**
 * The content page's player with its sequence (docs/product-spec.md §4): pre-roll, the content, post-roll, then Up Next,
 * all in the player's overlay slot. Views are reported for the content only.
 */
export function ContentPlayer({
  content,
  playlistNext,
  startAt = null,
  playerRef: pageRef,
}: {
  content: ContentJson & Resume;
  /** Playing a list (docs/decisions/090): Up Next offers its next items instead of the recommender's. */
  playlistNext?: { id: string; title: string; items: ContentJson[] };
  /** A shared link's `?t=`, whole seconds (docs/decisions/099): where to start; beyond the end it is ignored. */
  startAt?: number | null;
  /** The page's own handle on the player (Share reads the position), else the player keeps its own. */
  playerRef?: RefObject<PlayerHandle | null>;
}) {
  const ownRef = useRef<PlayerHandle>(null);
  const theatre = usePlayerPrefs((s) => s.theatre);
  const toggleTheatre = usePlayerPrefs((s) => s.toggleTheatre);
  const wide = useMediaQuery(THEATRE_MEDIA_QUERY);
  const playerRef = pageRef ?? ownRef;
  const start = startAt !== null && startAt < content.duration ? startAt : null;
  // Where to start is asked once, before anything plays (the pre-roll included), when there is somewhere to
  // resume. The position shown follows the item's query: a cached copy from an earlier visit is refetched on
  // opening (the cache keeps nothing fresh), and the prompt shows the server's answer once it arrives. A link's
  // explicit start time wins: no prompt then.
  const resumeAt = start !== null ? null : (content.resume_at_seconds ?? null);
  // The media starts at the link's time once it plays (after the pre-roll, if any). Once, on mount.
  useEffect(() => {
    if (start !== null) playerRef.current?.seekTo(start);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link's start applies to the first play only
  }, []);
  const [choosing, setChoosing] = useState(resumeAt !== null);
  // Views earn money for viewer and creator: the player reports how far this visit got.
  // and the answers say whether this view counts, shown under the player (never during an ad: ads do not earn).
  const [counting, setCounting] = useState<CountingStatus>(null);
  const reporting = usePlaybackReporting(content.id, setCounting);
  const sequence = useAdSequence({
    contentId: content.id,
    player: playerRef,
    reporting,
    hold: resumeAt !== null,
    skipPreroll: content.resume_skips_preroll ?? false,
  });
  // Nothing to resume after all (the fresh answer says so: cleared, or finished elsewhere): no choice to make.
  const nothingToResume = choosing && resumeAt === null;
  const { begin } = sequence;
  useEffect(() => {
    if (nothingToResume) begin(false);
  }, [nothingToResume, begin]);
  const choose = (seconds: number) => {
    playerRef.current?.seekTo(seconds);
    setChoosing(false);
    sequence.begin();
  };
  // The description's 0:00 lines, against the server-measured duration (docs/decisions/050).
  const chapters = useMemo(
    () => parseChapters(content.description, content.duration),
    [content.description, content.duration],
  );
  const { data, isError } = useSuggestions(content.id);
  // Null while loading; a failure (logged) leaves the list empty.
  const suggestions = data ?? (isError ? [] : null);

  let overlay = null;
  switch (sequence.phase) {
    case "settings":
      if (choosing && resumeAt !== null) {
        overlay = (
          <ResumePrompt
            resumeAt={resumeAt}
            duration={content.duration}
            onResume={() => choose(resumeAt)}
            onStartOver={() => choose(0)}
          />
        );
        break;
      }
      // Until we know whether an ad comes first, the content must not start.
      overlay = sequenceOverlay(sequence, content.type);
      break;
    case "preroll":
    case "postroll":
      overlay = sequenceOverlay(sequence, content.type);
      break;
    case "upnext":
      overlay =
        playlistNext && playlistNext.items.length > 0 ? (
          <UpNextPanel suggestions={playlistNext.items} onClose={sequence.closeUpNext} playlist={playlistNext} />
        ) : (
          <UpNextPanel suggestions={suggestions} onClose={sequence.closeUpNext} />
        );
      break;
  }

  const onAd = sequence.phase === "preroll" || sequence.phase === "postroll";
  return (
    <div className="space-y-2">
      <MediaPlayer
        ref={playerRef}
        content={content}
        overlay={overlay}
        // Up Next stops above the control bar, which stays usable (docs/decisions/098); an ad covers it.
        overlayKeepsControls={sequence.phase === "upnext"}
        chapters={chapters}
        {...sequence.callbacks}
        // Loop on: each end is this view's end (complete), and no post-roll or Up Next; the replay is a new view.
        onLoopEnd={reporting.onEnded}
        theatre={wide ? { active: theatre, toggle: toggleTheatre } : undefined}
      />
      <CountingIndicator status={onAd ? null : counting} />
      <ChapterList chapters={chapters} player={playerRef} />
    </div>
  );
}
