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
};

/** A native range input, so keyboards and screen readers can seek without anything custom. */
export function SeekBar({ currentTime, duration, onSeek }: SeekBarProps) {
  const current = formatDuration(currentTime);
  const total = formatDuration(duration);
  const percent = duration > 0 ? (currentTime / duration) * 100 : 0;
  return (
    <div className="flex items-center gap-3">
      <input
        type="range"
        aria-label="Seek"
        aria-valuetext={`${current} of ${total}`}
        min={0}
        max={duration || 0}
        step={0.1}
        value={Math.min(currentTime, duration || 0)}
        disabled={duration === 0}
        onChange={(event) => onSeek(Number(event.target.value))}
        style={rangeFill(percent)}
        className={`min-w-0 flex-1 ${rangeClass}`}
      />
      <span className="shrink-0 text-xs tabular-nums text-slate-200">
        {current} / {total}
      </span>
    </div>
  );
}
