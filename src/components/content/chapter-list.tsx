import { type RefObject, useEffect, useId, useState } from "react";
import { type Chapter, chapterIndexAt } from "../../../common/chapters";
import { formatDuration } from "../../lib/format";
import type { PlayerHandle } from "../../hooks/player-handle";

type ChapterListProps = {
  chapters: readonly Chapter[];
  player: RefObject<PlayerHandle | null>;
};

/**
 * The item's chapters under the player (docs/decisions/050): one button each, time and title, that seeks the
 * player there. This list is the accessible way to chapters; the seek bar's marks are for the eye. A click only
 * seeks: playing is the player's (a pre-roll may still be due).
 */
export function ChapterList({ chapters, player }: ChapterListProps) {
  const headingId = useId();
  const current = useCurrentChapter(chapters, player);
  if (chapters.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-800 bg-slate-900/60 p-3">
      <h2 id={headingId} className="px-2 pb-1 text-sm font-semibold text-slate-200">
        Chapters
      </h2>
      <ol className="max-h-64 space-y-0.5 overflow-y-auto">
        {chapters.map((chapter, index) => (
          <li key={chapter.start}>
            <button
              type="button"
              // Said as "0:20 The market" (the two parts are separate boxes, which some readers run together).
              aria-label={`${formatDuration(chapter.start)} ${chapter.title}`}
              aria-current={index === current ? "true" : undefined}
              onClick={() => player.current?.seekTo(chapter.start)}
              className={
                "flex w-full min-w-0 items-baseline gap-3 rounded-lg px-2 py-1.5 text-left text-sm transition hover:bg-white/5 " +
                "focus-visible:outline-2 focus-visible:outline-violet-400 aria-[current=true]:bg-violet-600/20 aria-[current=true]:text-white"
              }
            >
              <span className="shrink-0 font-medium tabular-nums text-violet-300">{formatDuration(chapter.start)}</span>
              <span className="min-w-0 wrap-anywhere text-slate-200">{chapter.title}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Follows the player's position (its media's own events), changing state only when the chapter changes. */
function useCurrentChapter(chapters: readonly Chapter[], player: RefObject<PlayerHandle | null>): number {
  const [current, setCurrent] = useState(-1);
  useEffect(() => {
    const media = player.current?.media();
    if (!media || chapters.length === 0) return;
    const update = () => setCurrent(chapterIndexAt(chapters, media.currentTime));
    update();
    media.addEventListener("timeupdate", update);
    media.addEventListener("seeked", update);
    return () => {
      media.removeEventListener("timeupdate", update);
      media.removeEventListener("seeked", update);
    };
  }, [chapters, player]);
  return current;
}
