import { formatDuration } from "../../lib/format";
import { useViewReward } from "../../queries/earning-rules";
import { buttonClass } from "../ui";

type ResumePromptProps = {
  /** Where the viewer left the item, whole seconds (GET /api/content/{id} `resume_at_seconds`). */
  resumeAt: number;
  /** The item's length in seconds. */
  duration: number;
  onResume: () => void;
  onStartOver: () => void;
};

/**
 * Over the player when the viewer left this item unfinished (docs/decisions/045): resume where they were, or
 * start over. A resumed playthrough is a new view judged from where it starts, so when too little is left to
 * watch 80 % of the item the prompt says so, rather than letting the indicator surprise them.
 */
export function ResumePrompt({ resumeAt, duration, onResume, onStartOver }: ResumePromptProps) {
  // The share one view must watch to earn, as the server states it (docs/decisions/067); nothing said until then.
  const qualifyPercent = useViewReward()?.qualify_percent;
  const cannotEarn =
    qualifyPercent !== undefined && duration > 0 && duration - resumeAt < (qualifyPercent / 100) * duration;
  return (
    // Opaque, and on a phone's short player without the opening line, so nothing of the controls shows through.
    <div
      role="group"
      aria-label="Where to start"
      className="flex size-full flex-col items-center justify-center gap-2 bg-slate-950 p-3 text-center sm:gap-3 sm:p-4"
    >
      <p className="hidden text-base text-slate-300 sm:block">You watched part of this before.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" autoFocus className={buttonClass("primary")} onClick={onResume}>
          Resume from {formatDuration(resumeAt)}
        </button>
        <button type="button" className={buttonClass("secondary")} onClick={onStartOver}>
          Start over
        </button>
      </div>
      {cannotEarn ? (
        <p className="max-w-sm text-xs text-slate-400 sm:text-sm">
          A view earns when {qualifyPercent} % of it is watched in one go: resuming this far in won't earn. Start over
          to earn.
        </p>
      ) : null}
    </div>
  );
}
