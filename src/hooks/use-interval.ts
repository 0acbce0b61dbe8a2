import { useEffect, useRef } from "react";

/**
 * Calls `callback` every `delayMs` while mounted; `null` pauses. The latest callback is used without
 * restarting the timer, so a re-render never pushes the next tick further away.
 */
export function useInterval(callback: () => void, delayMs: number | null) {
  const callbackRef = useRef(callback);
  useEffect(() => {
    callbackRef.current = callback;
  }, [callback]);

  useEffect(() => {
    if (delayMs === null) return;
    const timer = setInterval(() => callbackRef.current(), delayMs);
    return () => clearInterval(timer);
  }, [delayMs]);
}
