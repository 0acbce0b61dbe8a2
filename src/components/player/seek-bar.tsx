import { type PointerEvent, useRef, useState } from "react";
import { type Chapter, chapterIndexAt } from "../../../common/chapters";
import type { StoryboardJson } from "../../../common/schemas/storyboards";
import { storyboardFrameAt } from "../../../common/storyboard";
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
  /** The item's seek previews (docs/decisions/102): a frame above the bar where the pointer is; without, the time. */
  storyboard?: StoryboardJson | null;
};

/**
 * A native range input, so keyboards and screen readers can seek without anything custom. Chapter marks are
 * drawn over the track for the eye only: the chapter list under the player is the accessible way to them, and
 * the current chapter is part of the slider's value text.
 */
export function SeekBar({ currentTime, duration, onSeek, chapters = [], storyboard = null }: SeekBarProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  // Where the pointer is over the bar (hovering with a mouse, dragging with a finger or a mouse), or null.
  const [pointer, setPointer] = useState<{ time: number; x: number; width: number } | null>(null);
  const follow = (event: PointerEvent) => {
    const box = trackRef.current?.getBoundingClientRect();
    if (!box || box.width <= 0 || duration <= 0) return;
    const x = Math.min(box.width, Math.max(0, event.clientX - box.left));
    setPointer({ time: (x / box.width) * duration, x, width: box.width });
  };
  // A touch ends its drag with pointerup; a mouse keeps hovering until it leaves.
  const stopTouch = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") setPointer(null);
  };
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
        <div
          ref={trackRef}
          className="relative flex min-w-0 flex-1 items-center"
          onPointerEnter={follow}
          onPointerMove={follow}
          onPointerDown={follow}
          onPointerLeave={() => setPointer(null)}
          onPointerUp={stopTouch}
          onPointerCancel={() => setPointer(null)}
        >
          {pointer ? <SeekPreview {...pointer} storyboard={storyboard} chapters={chapters} /> : null}
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

type SeekPreviewProps = {
  time: number;
  x: number;
  width: number;
  storyboard: StoryboardJson | null;
  chapters: readonly Chapter[];
};

/**
 * The frame at the pointer's time with the time (and chapter) under it, centred on the pointer and kept inside the
 * bar, so it never leaves the player. For the eye only: the slider's value text already says where it is, and a
 * label that changed with every pixel of a hover would be noise to a screen reader. The sprite is one image, loaded
 * the first time this shows and then from the browser's cache (it is immutable at its address).
 */
function SeekPreview({ time, x, width, storyboard, chapters }: SeekPreviewProps) {
  const frameWidth = storyboard?.frame_width ?? 0;
  const boxWidth = storyboard ? frameWidth : 96;
  const left = Math.min(Math.max(0, x - boxWidth / 2), Math.max(0, width - boxWidth));
  const frame = storyboard ? storyboardFrameAt(storyboard, time) : null;
  const chapter = chapters[chapterIndexAt(chapters, time)];
  return (
    <div
      aria-hidden="true"
      data-testid="seek-preview"
      className="pointer-events-none absolute bottom-full mb-3 flex flex-col items-center gap-1"
      style={{ left, width: boxWidth }}
    >
      {storyboard && frame ? (
        <div
          data-testid="seek-preview-frame"
          data-frame={frame.index}
          className="rounded-md border border-white/70 bg-black bg-no-repeat shadow-lg"
          style={{
            width: storyboard.frame_width,
            height: storyboard.frame_height,
            backgroundImage: `url("${storyboard.url}")`,
            backgroundPosition: `-${frame.x}px -${frame.y}px`,
          }}
        />
      ) : null}
      {chapter ? (
        <span className="max-w-full truncate rounded bg-slate-950/80 px-1.5 text-xs text-slate-100">
          {chapter.title}
        </span>
      ) : null}
      <span className="rounded bg-slate-950/80 px-1.5 py-0.5 text-xs font-medium tabular-nums text-white">
        {formatDuration(time)}
      </span>
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
