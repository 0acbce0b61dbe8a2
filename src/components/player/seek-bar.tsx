import { type Chapter, chapterIndexAt } from "../../../common/chapters";
import { formatDuration } from "../../lib/format";

/** A slim slider with a round thumb, shared by the seek bar and the volume. */
export const rangeClass =
  "h-1.5 cursor-pointer appearance-none rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-violet-400 " +
  "[&::-webkit-slider-thumb]:size-3.5 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-white " +
  "[&::-moz-range-thumb]:size-3.5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-white";

/** Paints the part of the track before the thumb (inline: the percentage is only known at run time). */
export const rangeFill = (percent: number) => ({
  background: `linear-gradient(to right, rgb(139 92 246) ${percent}%, rgb(71 85 105 / 0.8) ${percent}%)`,
});

type SeekBarProps = {
  currentTime: number;
  duration: number;
  onSeek: (seconds: number) => void;
  /** From the description (common/chapters.ts); marked on the track, the current one named by the time. */
  chapters?: readonly Chapter[];
};

/**
 * A native range input, so keyboards and screen readers can seek without anything custom. Chapter marks are
 * drawn over the track for the eye only: the chapter list under the player is the accessible way to them, and
 * the current chapter is part of the slider's value text.
 */
export function SeekBar({ currentTime, duration, onSeek, chapters = [] }: SeekBarProps) {
  const current = formatDuration(currentTime);
  const total = formatDuration(duration);
  const percent = duration > 0 ? (currentTime / duration) * 100 : 0;
  const chapter = chapters[chapterIndexAt(chapters, currentTime)];
  return (
    <div className="space-y-0.5">
      {chapter ? (
        <p aria-hidden="true" data-testid="current-chapter" className="truncate text-xs font-medium text-slate-200">
          {chapter.title}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <div className="relative flex min-w-0 flex-1 items-center">
          <input
            type="range"
            aria-label="Seek"
            aria-valuetext={`${current} of ${total}${chapter ? `, chapter: ${chapter.title}` : ""}`}
            min={0}
            max={duration || 0}
            step={0.1}
            value={Math.min(currentTime, duration || 0)}
            disabled={duration === 0}
            onChange={(event) => onSeek(Number(event.target.value))}
            style={rangeFill(percent)}
            className={`min-w-0 flex-1 ${rangeClass}`}
          />
          {duration > 0 ? <ChapterMarks chapters={chapters} duration={duration} /> : null}
        </div>
        <span className="shrink-0 text-xs tabular-nums text-slate-200">
          {current} / {total}
        </span>
      </div>
    </div>
  );
}

/** A gap in the track where each chapter after the first begins (placed as the fill is: by percent). */
function ChapterMarks({ chapters, duration }: { chapters: readonly Chapter[]; duration: number }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      {chapters.slice(1).map((chapter) => (
        <span
          key={chapter.start}
          data-testid="chapter-mark"
          className="absolute top-1/2 h-1.5 w-0.5 -translate-x-1/2 -translate-y-1/2 bg-slate-950"
          style={{ left: `${Math.min(100, (chapter.start / duration) * 100)}%` }}
        />
      ))}
    </div>
  );
}
