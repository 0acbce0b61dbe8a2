import { useEffect } from "react";
import { useBlocker } from "react-router";

/**
 * While `active`, leaving the screen asks first: closing or reloading the tab through the browser's own
 * prompt (beforeunload), moving elsewhere in the app through the returned blocker, which the screen
 * answers with its own dialog (`blocker.state === "blocked"`, then `proceed()` or `reset()`).
 */
export function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set; its text is never shown any more.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);

  // Only a move to another screen: a changed query or hash keeps the screen and what it holds.
  return useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );
}
