type ProgressBarProps = {
  /** 0 to 100. */
  value: number;
  /** Names the bar for screen readers, e.g. "Upload progress". */
  label: string;
  tone?: "active" | "success" | "error";
};

const tones = { active: "bg-violet-500", success: "bg-emerald-500", error: "bg-red-500" };

export function ProgressBar({ value, label, tone = "active" }: ProgressBarProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-800"
    >
      <div className={`h-full rounded-full transition-[width] ${tones[tone]}`} style={{ width: `${percent}%` }} />
    </div>
  );
}
