// When to report playback progress (spec §4 "Playback events", §9): a progress event each time the
// watched percentage rises by 10 points or more since the last one sent, and one complete event at
// 80 %. Pure, so the rules are tested without a player; the hook owns the sending.

export const PROGRESS_STEP_PERCENT = 10;
export const COMPLETE_PERCENT = 80;
// Positions are floats (0.6 s of 6 s may come out as 9.999…%); a hair of tolerance keeps steps exact.
const EPSILON = 1e-9;

export type ViewProgress = {
  /** Seconds; 0 until the media knows its length. */
  duration: number;
  /** Furthest position reached. Seeking back never lowers it, so a rewatch cannot resend a step. */
  maxSeconds: number;
  /** The percentage the last progress event carried (the start event counts as 0). */
  reportedPercent: number;
  completed: boolean;
};

export type ProgressEvent = { event_type: "progress" | "complete"; second_mark: number };

export const freshProgress: ViewProgress = { duration: 0, maxSeconds: 0, reportedPercent: 0, completed: false };

/** Records a position reported by the player. */
export function observePosition(progress: ViewProgress, currentSeconds: number, durationSeconds: number): ViewProgress {
  const duration = Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : progress.duration;
  const current = Number.isFinite(currentSeconds) ? Math.max(0, currentSeconds) : 0;
  return { ...progress, duration, maxSeconds: Math.max(progress.maxSeconds, current) };
}

export function watchedPercent({ maxSeconds, duration }: ViewProgress): number {
  return duration > 0 ? Math.min(100, (maxSeconds * 100) / duration) : 0;
}

/** The events now due, and the progress as it will be once they are sent. */
export function dueEvents(progress: ViewProgress): { next: ViewProgress; events: ProgressEvent[] } {
  const percent = watchedPercent(progress);
  // Millisecond precision is all the server keeps.
  const second_mark = Math.round(Math.min(progress.maxSeconds, progress.duration) * 1000) / 1000;
  const events: ProgressEvent[] = [];
  let next = progress;
  if (percent - progress.reportedPercent >= PROGRESS_STEP_PERCENT - EPSILON) {
    events.push({ event_type: "progress", second_mark });
    next = { ...next, reportedPercent: percent };
  }
  if (!progress.completed && percent >= COMPLETE_PERCENT - EPSILON) {
    events.push({ event_type: "complete", second_mark });
    next = { ...next, completed: true };
  }
  return { next, events };
}
