type ProgressBarProps = {
  value: number;
  max: number;
  /** The bar's accessible name, e.g. "Overall challenge progress". */
  label: string;
  /** What a screen reader says instead of a bare number, e.g. "1 of 3 completed". */
  valueText: string;
  size?: "sm" | "md";
  /** Completed bars turn green, like the ✓ beside them. */
  complete?: boolean;
};

/** A thin bar with its value exposed to assistive technology (role progressbar with aria values). */
export function ProgressBar({ value, max, label, valueText, size = "md", complete = false }: ProgressBarProps) {
  const shown = Math.min(Math.max(value, 0), Math.max(max, 0));
  const percent = max > 0 ? (shown / max) * 100 : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={shown}
      aria-valuetext={valueText}
      className={`w-full overflow-hidden rounded-full bg-slate-800 ${size === "sm" ? "h-1.5" : "h-2.5"}`}
    >
      <div
        className={`h-full rounded-full transition-[width] duration-500 ${complete ? "bg-emerald-500" : "bg-violet-500"}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
