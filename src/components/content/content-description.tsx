import { useEffect, useId, useRef, useState } from "react";

/** How many lines the description shows until "Show more" (about a paragraph, as YouTube shows). */
const CLAMPED_LINES = "line-clamp-4";

/**
 * The content page's description, cut to four lines with "Show more" / "Show less" when it is longer
 * (docs/decisions/098); a short one shows whole, with no button. Whether it is longer is measured: the text in
 * its clamped box is taller than the box, at this width (a phone wraps the same text into more lines), and
 * measured again when the width changes.
 */
export function ContentDescription({ text }: { text: string }) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [longer, setLonger] = useState(false);

  useEffect(() => {
    const box = ref.current;
    if (!box || expanded) return;
    // Clamped, the box keeps four lines and its content overflows it: one pixel of slack for rounding.
    const measure = () => setLonger(box.scrollHeight > box.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [expanded, text]);

  return (
    <div className="space-y-1">
      <p
        ref={ref}
        id={id}
        className={`whitespace-pre-line wrap-anywhere text-slate-300 ${expanded ? "" : CLAMPED_LINES}`}
      >
        {text}
      </p>
      {longer || expanded ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
          className="rounded text-sm font-semibold text-slate-200 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
        >
          {expanded ? "Show less" : "Show more"}
        </button>
      ) : null}
    </div>
  );
}
