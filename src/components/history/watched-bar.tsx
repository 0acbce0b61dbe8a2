import { formatDuration } from "../../lib/format";

/** How far the viewer got in an item: a thin bar and its words ("Left at 1:23 · 45 %"). */
export function WatchedBar({ positionSeconds, percent }: { positionSeconds: number; percent: number }) {
  return (
    <div className="space-y-1">
      <div aria-hidden="true" className="h-1 overflow-hidden rounded-full bg-slate-800">
        <div className="h-full rounded-full bg-violet-500" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs tabular-nums text-slate-400">
        Left at {formatDuration(positionSeconds)} · {percent} %
      </p>
    </div>
  );
}
