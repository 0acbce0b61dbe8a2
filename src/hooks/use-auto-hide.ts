import { useCallback, useEffect, useRef, useState } from "react";

/** docs/product-spec.md §9: player controls hide after 3 seconds of inactivity while playing. */
const CONTROLS_HIDE_MS = 3000;

/**
 * Whether the player controls show: always while paused; while playing, until `delayMs` pass without
 * activity. Call `wake` on any activity (mouse move, focus, key press) to show them again.
 */
export function useAutoHide(playing: boolean, delayMs = CONTROLS_HIDE_MS) {
  const [idle, setIdle] = useState(false);
  const [wasPlaying, setWasPlaying] = useState(playing);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const playingRef = useRef(playing);

  // Starting or pausing playback shows the controls at once: adjusted while rendering, not after.
  if (wasPlaying !== playing) {
    setWasPlaying(playing);
    setIdle(false);
  }

  const wake = useCallback(() => {
    clearTimeout(timerRef.current);
    setIdle(false);
    if (playingRef.current) timerRef.current = setTimeout(() => setIdle(true), delayMs);
  }, [delayMs]);

  useEffect(() => {
    playingRef.current = playing;
    // Starting playback begins the countdown; pausing shows the controls for good.
    clearTimeout(timerRef.current);
    if (playing) timerRef.current = setTimeout(() => setIdle(true), delayMs);
    return () => clearTimeout(timerRef.current);
  }, [playing, delayMs]);

  return { visible: !playing || !idle, wake };
}
