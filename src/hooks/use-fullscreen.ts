import { type RefObject, useCallback, useEffect, useState } from "react";

/** Full screen for the player's frame (not the bare <video>), so our own controls stay on screen. */
export function useFullscreen(targetRef: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);

  useEffect(() => {
    const update = () =>
      setActive(document.fullscreenElement != null && document.fullscreenElement === targetRef.current);
    document.addEventListener("fullscreenchange", update);
    return () => document.removeEventListener("fullscreenchange", update);
  }, [targetRef]);

  const toggle = useCallback(() => {
    const target = targetRef.current;
    if (!target) return;
    // Browsers refuse full screen in some contexts (iframes, no user gesture); staying inline is fine.
    const ignore = () => {};
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(ignore);
    else void target.requestFullscreen?.().catch(ignore);
  }, [targetRef]);

  return { active, toggle };
}
