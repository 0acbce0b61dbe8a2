// When to report playback progress (docs/product-spec.md §4 "Playback events", §9; docs/architecture.md §4 "A view"): a progress
// event each time the watched percentage rises by 10 points or more since the last one sent, a heartbeat
// progress event about every 10 s while playing, and one complete event when the media reaches its end.
// `complete` ends the view on the server (its outcome is written at once, docs/decisions/029), so it goes
// last: nothing follows it, and the server counts the view as soon as watching and delivery allow, long
// before the end. Pure, so the rules are tested without a player or a clock; the hook owns the sending and
// the time.

const PROGRESS_STEP_PERCENT = 10;
/**
 * The server accrues watched time only from events, lets a position advance at most 2× the time since
 * the previous event and ignores gaps of about 30 s: a steady event this often keeps long items counting
 * where 10 % steps would be minutes apart.
 */
export const HEARTBEAT_MS = 10_000;
// Positions are floats (0.6 s of 6 s may come out as 9.999…%); a hair of tolerance keeps steps exact.
const EPSILON = 1e-9;

export type ViewProgress = {
  /** Seconds; 0 until the media knows its length. */
  duration: number;
  /** Furthest position reached. Seeking back never lowers it, so a rewatch cannot resend a step. */
  maxSeconds: number;
  /** Where the player is now: behind `maxSeconds` after a rewind (docs/decisions/097). */
  playheadSeconds: number;
  /** The playhead the last event stood for (its furthest position when it carried none). */
  sentPlayhead: number;
  /** The percentage the last progress event carried (the start event counts as 0). */
  reportedPercent: number;
  /** The media reached its end: the complete event is due. */
  ended: boolean;
  completed: boolean;
  /** The position the last event carried (the start's 0): no progress event repeats one already sent. */
  sentSeconds: number;
  /** When the last event, the start included, was sent (ms on the caller's clock): the heartbeat's timer. */
  sentAt: number;
};

/**
 * `playhead_seconds`, only when the player is more than PLAYHEAD_SLACK_S behind the furthest position: where to
 * resume. The server counts from `second_mark` alone.
 */
export type ProgressEvent = { event_type: "progress" | "complete"; second_mark: number; playhead_seconds?: number };

/** A playhead this close behind the furthest position is the furthest position: nothing to tell apart. */
const PLAYHEAD_SLACK_S = 1;

/**
 * Whether the position may go out without a 10-point rise: "due" while the media plays (once HEARTBEAT_MS
 * have passed since the last event), "now" as it pauses (so the time watched before a long pause is not
 * lost in the server's gap), "off" otherwise (paused, seeking while paused).
 */
export type Heartbeat = "due" | "now" | "off";

/** A view's progress when its start event goes out at `now`. */
export const startProgress = (now: number): ViewProgress => ({
  duration: 0,
  maxSeconds: 0,
  playheadSeconds: 0,
  sentPlayhead: 0,
  reportedPercent: 0,
  ended: false,
  completed: false,
  sentSeconds: 0,
  sentAt: now,
});

/** The media reached its end: the next due events end with the complete one. */
export const endProgress = (progress: ViewProgress): ViewProgress => ({ ...progress, ended: true });

/** Records a position reported by the player. */
export function observePosition(progress: ViewProgress, currentSeconds: number, durationSeconds: number): ViewProgress {
  const duration = Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : progress.duration;
  const current = Number.isFinite(currentSeconds) ? Math.max(0, currentSeconds) : 0;
  return { ...progress, duration, maxSeconds: Math.max(progress.maxSeconds, current), playheadSeconds: current };
}

function watchedPercent({ maxSeconds, duration }: ViewProgress): number {
  return duration > 0 ? Math.min(100, (maxSeconds * 100) / duration) : 0;
}

/** The events due at `now` (ms), and the progress as it will be once they are sent. */
export function dueEvents(
  progress: ViewProgress,
  now: number,
  heartbeat: Heartbeat,
): { next: ViewProgress; events: ProgressEvent[] } {
  const percent = watchedPercent(progress);
  // Millisecond precision is all the server keeps.
  const second_mark = Math.round(Math.min(progress.maxSeconds, progress.duration) * 1000) / 1000;
  const moved = second_mark > progress.sentSeconds;
  const stepped = percent - progress.reportedPercent >= PROGRESS_STEP_PERCENT - EPSILON;
  const beat = heartbeat === "now" || (heartbeat === "due" && now - progress.sentAt >= HEARTBEAT_MS);
  // Behind the furthest point after a rewind: a pause or a heartbeat tells where the player is, once per place.
  const playhead = Math.round(Math.min(progress.playheadSeconds, second_mark) * 1000) / 1000;
  const isBehind = second_mark - playhead > PLAYHEAD_SLACK_S;
  const at = isBehind ? { playhead_seconds: playhead } : {};
  const events: ProgressEvent[] = [];
  let next = progress;
  if (moved && (stepped || beat)) {
    events.push({ event_type: "progress", second_mark, ...at });
    // A heartbeat is a progress event too: the next 10-point step counts from it.
    next = { ...next, reportedPercent: percent };
  } else if (beat && isBehind && Math.abs(playhead - progress.sentPlayhead) >= PLAYHEAD_SLACK_S) {
    events.push({ event_type: "progress", second_mark, ...at });
  }
  if (progress.ended && !progress.completed) {
    events.push({ event_type: "complete", second_mark });
    next = { ...next, completed: true };
  }
  if (events.length > 0)
    next = { ...next, sentSeconds: second_mark, sentAt: now, sentPlayhead: isBehind ? playhead : second_mark };
  return { next, events };
}
