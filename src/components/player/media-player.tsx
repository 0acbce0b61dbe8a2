import { type ReactNode, type Ref, useImperativeHandle, useRef } from "react";
import { useAutoHide } from "../../hooks/use-auto-hide";
import { useFullscreen } from "../../hooks/use-fullscreen";
import { type PlaybackCallbacks, useMediaPlayback } from "../../hooks/use-media-playback";
import { streamUrl } from "../../lib/content-api";
import type { ContentJson } from "../../lib/types";
import { ContentThumbnail } from "../gallery/content-thumbnail";
import { PlayerControls } from "./player-controls";
import { handlePlayerKey } from "./player-shortcuts";

/** What a layer on top of the player (ads, Up Next) may do with the content underneath. */
export type PlayerHandle = {
  play: () => void;
  pause: () => void;
  seekTo: (seconds: number) => void;
  /** The <video>/<audio> itself, e.g. to read `currentTime` before an ad and resume there. */
  media: () => HTMLMediaElement | null;
};

type MediaPlayerProps = PlaybackCallbacks & {
  content: Pick<ContentJson, "id" | "type" | "title" | "thumbnail_url">;
  /** Rendered above the media and its controls: the place for an ad or the Up Next panel. */
  overlay?: ReactNode;
  ref?: Ref<PlayerHandle>;
};

/**
 * Plays one item from `/api/content/{id}/stream` (same origin, so the session cookie goes along; the
 * server answers Range requests, so seeking works) with our own controls and keyboard shortcuts.
 */
export function MediaPlayer({ content, overlay, ref, ...callbacks }: MediaPlayerProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const mediaRef = useRef<HTMLMediaElement | null>(null);
  const { state, actions, mediaProps } = useMediaPlayback(mediaRef, callbacks);
  const { visible, wake } = useAutoHide(state.playing);
  const fullscreen = useFullscreen(frameRef);
  const isVideo = content.type === "video";

  useImperativeHandle(ref, () => ({
    play: () => void mediaRef.current?.play()?.catch(() => {}),
    pause: () => mediaRef.current?.pause(),
    seekTo: actions.seekTo,
    media: () => mediaRef.current,
  }), [actions]);

  const media = {
    ref: (element: HTMLMediaElement | null) => {
      mediaRef.current = element;
    },
    src: streamUrl(content.id),
    preload: "metadata",
    ...mediaProps,
  } as const;

  return (
    <div
      ref={frameRef}
      role="region"
      aria-label={`${isVideo ? "Video" : "Audio"} player: ${content.title}`}
      tabIndex={0}
      onKeyDown={(event) => {
        wake();
        const toggleFullscreen = isVideo ? fullscreen.toggle : undefined;
        if (handlePlayerKey(event, { ...actions, toggleFullscreen })) event.preventDefault();
      }}
      onPointerMove={wake}
      onPointerDown={wake}
      onFocus={wake}
      className={
        "relative aspect-video w-full overflow-hidden rounded-2xl bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 " +
        (visible ? "" : "cursor-none")
      }
    >
      {/* A click on the picture plays or pauses, as people expect; keyboards have the Play button. */}
      <div className="size-full" onClick={actions.togglePlay}>
        {isVideo ? (
          <video {...media} playsInline className="size-full object-contain" />
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
        state={state}
        visible={visible}
        onTogglePlay={actions.togglePlay}
        onSeek={actions.seekTo}
        onToggleMute={actions.toggleMute}
        onVolume={actions.setVolume}
        fullscreen={isVideo ? fullscreen : undefined}
      />
      {overlay ? <div className="absolute inset-0 z-20">{overlay}</div> : null}
    </div>
  );
}
