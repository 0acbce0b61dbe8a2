import { type RefObject, useLayoutEffect, useState } from "react";

/**
 * While `active`, the tallest `element` may be so that, with the page scrolled to its top, it ends 1 rem above the
 * window's bottom edge: its height is capped at the window's height less what stands above it (the header, the
 * page's first lines) and that margin, never below 16 rem. Theatre mode (docs/decisions/102) uses it so a wide
 * player keeps its controls on screen, as YouTube's does. Measured again when the window or the page changes size.
 */
export function useFitWindowHeight(element: RefObject<HTMLElement | null>, active: boolean): string | undefined {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    const box = element.current;
    if (!active || !box) return;
    const measure = () => setTop(Math.round(box.getBoundingClientRect().top + window.scrollY));
    measure();
    // A line that arrives above the element later (a playlist's heading) moves it down; the page grows then.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    window.addEventListener("resize", measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [element, active]);
  return active && top !== null ? `max(16rem, calc(100dvh - ${top}px - 1rem))` : undefined;
}
