import type { Chapter } from "../../../common/chapters";
import { type ReactNode, type Ref, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useAutoHide } from "../../hooks/use-auto-hide";
import { useFitWindowHeight } from "../../hooks/use-fit-window-height";
import { useFullscreen } from "../../hooks/use-fullscreen";
import { useMediaQuery } from "../../hooks/use-media-query";
import { type PlaybackCallbacks, useMediaPlayback } from "../../hooks/use-media-playback";
import type { PlayerHandle } from "../../hooks/player-handle";
import { streamUrl } from "../../lib/content-api";
import type { ContentJson } from "../../../common/schemas/content";
import { ContentThumbnail } from "../gallery/content-thumbnail";
import type { CaptionTrackJson } from "../../../common/schemas/captions";
import type { StoryboardJson } from "../../../common/schemas/storyboards";
import { usePictureInPicture } from "../../hooks/use-picture-in-picture";
import { CaptionsControl, CaptionTrackElements } from "./captions-control";
import { stepSpeed } from "./playback-speed";
import { PlayerControls } from "./player-controls";
import { handlePlayerKey, type ShortcutActions } from "./player-shortcuts";
import { ShortcutsDialog } from "./shortcuts-dialog";

/** A phone on its side: too short for a 16:9 player and the bar under it unless the player is capped. */
const SHORT_LANDSCAPE_QUERY = "(orientation: landscape) and (max-height: 540px)";

type MediaPlayerProps = PlaybackCallbacks & {
  /** `captions`: the item's WebVTT tracks (GET /api/content/{id}), shown with a video (docs/decisions/049). */
  content: Pick<ContentJson, "id" | "type" | "title" | "thumbnail_url"> & {
    captions?: readonly CaptionTrackJson[];
    /** The item's seek previews (docs/decisions/102), shown above the seek bar. */
    storyboard?: StoryboardJson | null;
  };
  /** Rendered above the media and its controls: the place for an ad or the Up Next panel. */
  overlay?: ReactNode;
  /**
   * The overlay leaves the control bar free (Up Next, from `sm`; docs/decisions/098): it stops above the bar, and
   * the bar stays usable. Otherwise (an ad, the resume prompt) the overlay covers the bar, which is inert.
   */
  overlayKeepsControls?: boolean;
  ref?: Ref<PlayerHandle>;
  /** Marked on the seek bar (docs/decisions/050). */
  chapters?: readonly Chapter[];
  /** Where the media comes from: the stream route unless given (the embed's own route, docs/decisions/099). */
  src?: string;
  /** The page's theatre mode (docs/decisions/102), when it offers one: a button and the t key. */
  theatre?: { active: boolean; toggle: () => void };
  /**
   * Told, instead of onEnded, when the media ends with Loop on: the end of this time around (the page's reporting
   * sends `complete`), without what follows an end (post-roll, Up Next). The next play starts a new view.
   */
  onLoopEnd?: () => void;
};

/**
 * Plays one item from `/api/content/{id}/stream` (same origin, so the session cookie goes along; the
 * server answers Range requests, so seeking works) with our own controls and keyboard shortcuts.
 */
export function MediaPlayer({
  content,
  overlay,
  overlayKeepsControls,
  ref,
  chapters,
  src,
  theatre,
  onLoopEnd,
  ...callbacks
}: MediaPlayerProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const mediaRef = useRef<HTMLMediaElement | null>(null);
  // Loop is ours, not the element's `loop`: a looping element never fires `ended`, so the reporting would see one
  // endless view going back to 0. Here each end is an end (complete), then a new play (a new view, docs/decisions/102).
  const [loop, setLoop] = useState(false);
  const loopRef = useRef(loop);
  useEffect(() => {
    loopRef.current = loop;
  }, [loop]);
  const { onEnded } = callbacks;
  const playback = {
    ...callbacks,
    onEnded: () => {
      const media = mediaRef.current;
      if (!loopRef.current || !media) return onEnded?.();
      (onLoopEnd ?? onEnded)?.();
      media.currentTime = 0;
      void media.play()?.catch(() => {});
    },
  };
  const { state, actions, mediaProps } = useMediaPlayback(mediaRef, playback);
  const { visible, wake } = useAutoHide(state.playing);
  const fullscreen = useFullscreen(frameRef);
  const isVideo = content.type === "video";
  const pictureInPicture = usePictureInPicture(mediaRef, isVideo);
  const [helpOpen, setHelpOpen] = useState(false);
  // Theatre mode's player is as wide as the page: capped so its control bar is on screen as the page opens, the
  // picture letterboxed inside (docs/decisions/102). A phone turned sideways is as short as that: the same cap.
  // Full screen overrides the cap (the browser's own styles).
  const shortLandscape = useMediaQuery(SHORT_LANDSCAPE_QUERY);
  const theatreMaxHeight = useFitWindowHeight(frameRef, (theatre?.active ?? false) || shortLandscape);

  // The keys work anywhere on the page (as on YouTube), not only with the player focused; handlePlayerKey
  // leaves fields alone. Not while a dialog is open (this one's list, a report) or a layer covers the media
  // (an ad, Up Next; only "?" then): those have their own controls.
  const keys = useRef<Omit<ShortcutActions, "toggleCaptions">>(null);
  useEffect(() => {
    keys.current = {
      ...actions,
      stepSpeed: (direction) => actions.setRate(stepSpeed(mediaRef.current?.playbackRate ?? 1, direction)),
      toggleFullscreen: isVideo ? fullscreen.toggle : undefined,
      togglePictureInPicture: pictureInPicture?.toggle,
      toggleTheatre: theatre?.toggle,
      showHelp: () => setHelpOpen(true),
    };
  });
  const covered = Boolean(overlay);
  // A phone's player is too short for a panel above the bar: there the overlay covers it all.
  const roomAboveBar = useMediaQuery("(min-width: 640px)");
  const barFree = covered && overlayKeepsControls && roomAboveBar;
  // What the overlay covers is out of reach: no tab stop hidden behind an ad (docs/decisions/098).
  const underneathInert = covered && !barFree;
  useEffect(() => {
    if (helpOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !keys.current) return;
      // Under a layer only "?" still opens the list.
      if (covered && event.key !== "?") return;
      if (event.target instanceof Element && event.target.closest("[role=dialog], [aria-modal=true]")) return;
      const media = mediaRef.current;
      // Looked up at the key press: text tracks may arrive after the media loaded.
      const captions = captionTracks(media).length > 0 ? () => toggleCaptions(media) : undefined;
      if (!handlePlayerKey(event, { ...keys.current, toggleCaptions: captions })) return;
      event.preventDefault();
      wake();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [covered, helpOpen, wake]);

  useImperativeHandle(
    ref,
    () => ({
      play: () => void mediaRef.current?.play()?.catch(() => {}),
      pause: () => mediaRef.current?.pause(),
      seekTo: actions.seekTo,
      media: () => mediaRef.current,
    }),
    [actions],
  );

  const media = {
    ref: (element: HTMLMediaElement | null) => {
      mediaRef.current = element;
    },
    src: src ?? streamUrl(content.id),
    preload: "metadata",
    ...mediaProps,
  } as const;

  return (
    <div
      ref={frameRef}
      role="region"
      aria-label={`${isVideo ? "Video" : "Audio"} player: ${content.title}`}
      tabIndex={0}
      style={theatreMaxHeight ? { maxHeight: theatreMaxHeight } : undefined}
      onKeyDown={wake}
      onPointerMove={wake}
      onPointerDown={wake}
      onFocus={wake}
      className={
        "relative aspect-video w-full overflow-hidden rounded-2xl bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 " +
        (visible ? "" : "cursor-none")
      }
    >
      {/* A click on the picture plays or pauses, as people expect; keyboards have the Play button. */}
      <div className="size-full" onClick={actions.togglePlay} inert={covered}>
        {isVideo ? (
          <video {...media} playsInline className={`size-full object-contain ${visible ? "captions-lifted" : ""}`}>
            <CaptionTrackElements tracks={content.captions ?? []} />
          </video>
        ) : (
          <>
            <ContentThumbnail item={content} priority="first" />
            <audio {...media} />
          </>
        )}
      </div>
      {state.failed ? (
        <p role="alert" className="absolute inset-x-0 top-1/3 text-center text-slate-200">
          This {isVideo ? "video" : "track"} could not be played. Please reload the page.
        </p>
      ) : null}
      <PlayerControls
        inert={underneathInert}
        state={state}
        visible={visible}
        onTogglePlay={actions.togglePlay}
        onSeek={actions.seekTo}
        onToggleMute={actions.toggleMute}
        onVolume={actions.setVolume}
        onRate={actions.setRate}
        onShowHelp={() => setHelpOpen(true)}
        fullscreen={isVideo ? fullscreen : undefined}
        pictureInPicture={pictureInPicture}
        theatre={theatre}
        loop={{ active: loop, toggle: () => setLoop((on) => !on) }}
        chapters={chapters}
        storyboard={content.storyboard}
        captions={isVideo ? <CaptionsControl tracks={content.captions ?? []} mediaRef={mediaRef} /> : null}
      />
      {overlay ? (
        <div className={`absolute inset-x-0 top-0 z-20 ${barFree ? "bottom-16" : "bottom-0"}`}>{overlay}</div>
      ) : null}
      {helpOpen ? <ShortcutsDialog onClose={() => setHelpOpen(false)} /> : null}
    </div>
  );
}

/** The media's captions and subtitles (an item's WebVTT tracks, captions-control.tsx); c answers them when present. */
function captionTracks(media: HTMLMediaElement | null): TextTrack[] {
  return Array.from(media?.textTracks ?? []).filter((track) => track.kind === "captions" || track.kind === "subtitles");
}

/** Shows the first caption track, or hides them all when one is showing. */
function toggleCaptions(media: HTMLMediaElement | null) {
  const tracks = captionTracks(media);
  const showing = tracks.some((track) => track.mode === "showing");
  tracks.forEach((track, index) => {
    track.mode = !showing && index === 0 ? "showing" : "hidden";
  });
}
