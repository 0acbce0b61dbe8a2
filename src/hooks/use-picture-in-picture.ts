import { type RefObject, useCallback, useEffect, useState } from "react";

/**
 * Picture-in-picture for the player's video (docs/decisions/102), where the browser offers it
 * (`document.pictureInPictureEnabled`; Firefox and some embedded browsers do not): null otherwise, so no button
 * shows. Leaving the floating window (its own close or "back to tab") returns the video to the page by itself.
 */
export function usePictureInPicture(videoRef: RefObject<HTMLMediaElement | null>, isVideo: boolean) {
  const supported = isVideo && typeof document !== "undefined" && document.pictureInPictureEnabled === true;
  const [active, setActive] = useState(false);
  useEffect(() => {
    const video = videoRef.current;
    if (!supported || !video) return;
    const enter = () => setActive(true);
    const leave = () => setActive(false);
    video.addEventListener("enterpictureinpicture", enter);
    video.addEventListener("leavepictureinpicture", leave);
    return () => {
      video.removeEventListener("enterpictureinpicture", enter);
      video.removeEventListener("leavepictureinpicture", leave);
    };
  }, [supported, videoRef]);
  const toggle = useCallback(() => {
    const video = videoRef.current;
    if (!(video instanceof HTMLVideoElement)) return;
    // Refused without a user gesture or before the metadata: staying in the page is fine.
    const ignore = () => {};
    if (document.pictureInPictureElement === video) void document.exitPictureInPicture().catch(ignore);
    else void video.requestPictureInPicture?.().catch(ignore);
  }, [videoRef]);
  return supported ? { active, toggle } : null;
}
