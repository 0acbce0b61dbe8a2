import { type RefObject, useCallback, useMemo, useState } from "react";

export type PlaybackState = {
  playing: boolean;
  currentTime: number;
  duration: number;
  muted: boolean;
  volume: number;
  /** Playback speed (1 = normal; the player offers 0.5–2×). */
  rate: number;
  /** The media could not be loaded or decoded. */
  failed: boolean;
};

export type PlaybackCallbacks = {
  onPlay?: () => void;
  onTimeUpdate?: (currentSeconds: number, durationSeconds: number) => void;
  /** Also fires just before onEnded when the media plays to its end. */
  onPause?: () => void;
  onEnded?: () => void;
};

const initial: PlaybackState = {
  playing: false,
  currentTime: 0,
  duration: 0,
  muted: false,
  volume: 1,
  rate: 1,
  failed: false,
};

/**
 * Mirrors a media element's state into React (from its own events, so it is always what the element
 * does) and offers the actions the controls and keyboard shortcuts need.
 * `mediaProps` go on the <video>/<audio>.
 */
export function useMediaPlayback(mediaRef: RefObject<HTMLMediaElement | null>, callbacks: PlaybackCallbacks) {
  const [state, setState] = useState<PlaybackState>(initial);
  const { onPlay, onTimeUpdate, onPause, onEnded } = callbacks;

  const actions = useMemo(() => {
    const media = () => mediaRef.current;
    const seekTo = (seconds: number) => {
      const element = media();
      if (!element) return;
      const end = Number.isFinite(element.duration) ? element.duration : seconds;
      element.currentTime = Math.min(Math.max(0, seconds), end);
    };
    return {
      togglePlay() {
        const element = media();
        if (!element) return;
        // play() rejects when the browser refuses (autoplay rules) or a pause interrupts it; the
        // element's own events keep the controls truthful, so there is nothing else to do.
        if (element.paused) element.play()?.catch(() => {});
        else element.pause();
      },
      seekTo,
      seekBy: (delta: number) => seekTo((media()?.currentTime ?? 0) + delta),
      seekToFraction(fraction: number) {
        const element = media();
        if (element && Number.isFinite(element.duration)) seekTo(element.duration * fraction);
      },
      setRate(rate: number) {
        const element = media();
        if (element) element.playbackRate = rate;
      },
      toggleMute() {
        const element = media();
        if (element) element.muted = !element.muted;
      },
      setVolume(volume: number) {
        const element = media();
        if (!element) return;
        element.volume = volume;
        // Dragging the volume up is a request to hear it.
        if (volume > 0 && element.muted) element.muted = false;
      },
    };
  }, [mediaRef]);

  const sync = useCallback((element: HTMLMediaElement) => {
    setState((prev) => ({
      ...prev,
      currentTime: element.currentTime,
      duration: Number.isFinite(element.duration) ? element.duration : 0,
      muted: element.muted,
      volume: element.volume,
      rate: element.playbackRate,
    }));
  }, []);

  const mediaProps = {
    onLoadedMetadata: (e: { currentTarget: HTMLMediaElement }) => sync(e.currentTarget),
    onDurationChange: (e: { currentTarget: HTMLMediaElement }) => sync(e.currentTarget),
    onVolumeChange: (e: { currentTarget: HTMLMediaElement }) => sync(e.currentTarget),
    onRateChange: (e: { currentTarget: HTMLMediaElement }) => sync(e.currentTarget),
    onSeeked: (e: { currentTarget: HTMLMediaElement }) => sync(e.currentTarget),
    onTimeUpdate: (e: { currentTarget: HTMLMediaElement }) => {
      const element = e.currentTarget;
      sync(element);
      onTimeUpdate?.(element.currentTime, Number.isFinite(element.duration) ? element.duration : 0);
    },
    onPlay: () => {
      setState((prev) => ({ ...prev, playing: true }));
      onPlay?.();
    },
    onPause: () => {
      setState((prev) => ({ ...prev, playing: false }));
      onPause?.();
    },
    onEnded: () => {
      setState((prev) => ({ ...prev, playing: false }));
      onEnded?.();
    },
    onError: () => setState((prev) => ({ ...prev, playing: false, failed: true })),
  };

  return { state, actions, mediaProps };
}
