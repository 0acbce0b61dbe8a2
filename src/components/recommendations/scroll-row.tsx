import { type KeyboardEvent, useCallback, useEffect, useState } from "react";

/** The row's own look, shared by every card row on Home (Recommended, Continue watching, followed uploads). */
export const scrollRowClass =
  "-mx-1 flex snap-x gap-4 overflow-x-auto scroll-smooth scroll-px-1 px-1 pt-1 pb-3 [scrollbar-color:var(--color-slate-700)_transparent] [scrollbar-width:thin] motion-reduce:scroll-auto";
/** One card's slot in such a row. */
export const scrollRowItemClass = "flex w-64 shrink-0 snap-start sm:w-72";

/**
 * A row of cards that scrolls sideways, made reachable without a trackpad (decision 037): Previous and Next
 * page through it by as many whole cards as are in view, and on a card Left/Right (Home/End) move to the
 * previous/next (first/last) card, which the browser scrolls into view. The ends are measured from the row
 * itself (on scroll and on resize), so the buttons are dimmed exactly when there is nothing more that way.
 */
export function useScrollRow() {
  // A callback ref held in state: the row mounts only once there are cards, and the effects follow it.
  const [row, setRow] = useState<HTMLUListElement | null>(null);
  const [ends, setEnds] = useState({ atStart: true, atEnd: true });

  const measure = useCallback(() => {
    if (!row) return;
    // One pixel of slack: scroll positions are fractional on zoomed and high-density screens.
    const atStart = row.scrollLeft <= 1;
    const atEnd = row.scrollLeft + row.clientWidth >= row.scrollWidth - 1;
    setEnds((prev) => (prev.atStart === atStart && prev.atEnd === atEnd ? prev : { atStart, atEnd }));
  }, [row]);

  // Measured when the row mounts, whenever it changes width (a resized window, a rotated phone) and when its
  // cards change (a refresh may bring more or fewer: the row keeps its width, its content does not).
  useEffect(() => {
    if (!row || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    const cards = new MutationObserver(measure);
    cards.observe(row, { childList: true });
    return () => {
      observer.disconnect();
      cards.disconnect();
    };
  }, [row, measure]);

  const page = useCallback(
    (direction: 1 | -1) => {
      if (!row) return;
      const first = row.firstElementChild as HTMLElement | null;
      const gap = parseFloat(getComputedStyle(row).columnGap) || 0;
      const step = first ? first.offsetWidth + gap : row.clientWidth;
      // Whole cards, at least one, so a page never stops halfway through a card (the CSS decides smooth or not).
      const perPage = Math.max(1, Math.floor((row.clientWidth + gap) / Math.max(step, 1)));
      row.scrollBy({ left: direction * perPage * step });
    },
    [row],
  );

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(event.currentTarget.children);
    const current = items.findIndex((item) => item.contains(event.target as Node));
    if (current < 0) return;
    const last = items.length - 1;
    const next =
      event.key === "ArrowRight"
        ? Math.min(current + 1, last)
        : event.key === "ArrowLeft"
          ? Math.max(current - 1, 0)
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    // The keys are the row's: the page itself must not scroll as well.
    event.preventDefault();
    items[next].querySelector<HTMLElement>("a[href]")?.focus();
  }, []);

  return { attach: setRow, onScroll: measure, onKeyDown, page, ...ends };
}

type ScrollRow = Pick<ReturnType<typeof useScrollRow>, "page" | "atStart" | "atEnd">;

const arrowButton =
  "inline-flex size-9 items-center justify-center rounded-full border border-slate-700 bg-slate-900 text-slate-100 transition " +
  "hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 " +
  "aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-slate-900";

/**
 * Previous and Next for a scroll row. At an end the button is aria-disabled rather than disabled, so the
 * keyboard focus stays on it when the last press reaches the end (a disabled button would drop it).
 */
export function RowScrollButtons({ row, className = "" }: { row: ScrollRow; className?: string }) {
  return (
    <div className={`flex shrink-0 gap-2 ${className}`}>
      <button
        type="button"
        aria-label="Previous recommendations"
        title="Previous"
        aria-disabled={row.atStart}
        onClick={() => !row.atStart && row.page(-1)}
        className={arrowButton}
      >
        <Arrow direction="left" />
      </button>
      <button
        type="button"
        aria-label="Next recommendations"
        title="Next"
        aria-disabled={row.atEnd}
        onClick={() => !row.atEnd && row.page(1)}
        className={arrowButton}
      >
        <Arrow direction="right" />
      </button>
    </div>
  );
}

const Arrow = ({ direction }: { direction: "left" | "right" }) => (
  <svg
    viewBox="0 0 20 20"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    className="size-4"
  >
    <path d={direction === "left" ? "M12.5 4.5 7 10l5.5 5.5" : "M7.5 4.5 13 10l-5.5 5.5"} />
  </svg>
);
