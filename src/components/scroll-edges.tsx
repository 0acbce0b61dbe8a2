import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from "react";

// A row that scrolls sideways on a phone (the tab bars, wide tables) says so: a fade with an arrow on each
// side that has more to show (docs/decisions/039). jsdom has no layout; the sizes it reads are all 0 there.

export type Edges = { start: boolean; end: boolean };

/** Which sides of a sideways-scrolling box have more to show; updated on scroll and on resize. */
export function useScrollEdges<T extends HTMLElement>(): {
  ref: RefObject<T | null>;
  edges: Edges;
  measure: () => void;
} {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });
  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const start = box.scrollLeft > 1;
    const end = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    setEdges((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
  }, []);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    measure();
    box.addEventListener("scroll", measure, { passive: true });
    // Absent in jsdom (and very old browsers): the fades then follow scrolling only.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, [measure]);
  return { ref, edges, measure };
}

/**
 * The fades over a scrolling box's edges. Clicking one scrolls that way by most of a screen (a mouse has no
 * swipe); they are hidden from assistive technology, which reaches everything in the box by keyboard.
 */
export function EdgeFades({
  edges,
  target,
  tone = "from-slate-950",
}: {
  edges: Edges;
  target: RefObject<HTMLElement | null>;
  tone?: string;
}) {
  const scroll = (direction: 1 | -1) => {
    const box = target.current;
    if (box) box.scrollBy?.({ left: direction * box.clientWidth * 0.7, behavior: "smooth" });
  };
  const fade = "absolute inset-y-0 z-10 flex w-10 cursor-pointer items-center text-slate-300 to-transparent";
  return (
    <>
      {edges.start ? (
        <div
          aria-hidden="true"
          data-edge="start"
          className={`${fade} left-0 justify-start bg-linear-to-r ${tone}`}
          onClick={() => scroll(-1)}
        >
          <Chevron direction="left" />
        </div>
      ) : null}
      {edges.end ? (
        <div
          aria-hidden="true"
          data-edge="end"
          className={`${fade} right-0 justify-end bg-linear-to-l ${tone}`}
          onClick={() => scroll(1)}
        >
          <Chevron direction="right" />
        </div>
      ) : null}
    </>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      className="size-4"
      aria-hidden="true"
    >
      <path d={direction === "left" ? "M15 6l-6 6 6 6" : "M9 6l6 6-6 6"} />
    </svg>
  );
}

/**
 * A box (a wide table) that scrolls sideways inside itself rather than widening the page, with the fades as
 * its hint. While it scrolls it is a named, focusable region, so a keyboard can scroll it too.
 */
export function SideScroll({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const { ref, edges } = useScrollEdges<HTMLDivElement>();
  const scrolls = edges.start || edges.end;
  return (
    <div className={`relative overflow-hidden ${className}`}>
      {/* `relative`: absolutely placed (sr-only) contents scroll with the box instead of widening the page. */}
      <div
        ref={ref}
        className="relative overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-violet-400"
        {...(scrolls ? { role: "region", "aria-label": `${label} (scrolls sideways)`, tabIndex: 0 } : {})}
      >
        {children}
      </div>
      <EdgeFades edges={edges} target={ref} tone="from-slate-900" />
    </div>
  );
}
