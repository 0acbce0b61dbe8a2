import { useEffect, useMemo, useRef } from "react";
import { useLocation } from "react-router";
import { readDiscovery } from "../lib/discovery";
import { deviceFingerprint } from "../lib/device-fingerprint";
import { ApiError, describeFailure } from "../lib/api";
import { type CountingStatus, statusAfterEvent, statusAfterLostView, statusOfStart } from "../lib/counting-status";
import { sendPlaybackEvent, startPlayback } from "../lib/earnings-api";
import {
  dueEvents,
  endProgress,
  type Heartbeat,
  observePosition,
  startProgress,
  type ViewProgress,
} from "../lib/playback-progress";
import { useAuth } from "../stores/auth";
import type { PlaybackCallbacks } from "./use-media-playback";

/** One playthrough of the item (docs/architecture.md §4 "A view"). */
type View = {
  contentId: string;
  /** null while the start event is on its way. */
  id: string | null;
  ended: boolean;
  /** Heartbeats go out only while the media plays (paused, nobody is watching). */
  playing: boolean;
  progress: ViewProgress;
  /** Events go out one after another, so the server never sees a later position before an earlier one. */
  queue: Promise<void>;
  /** What the answers so far say about counting (lib/counting-status). */
  status: CountingStatus;
};

const logFailure = (error: unknown) => console.error(describeFailure("Failed to report playback", error));

// The heartbeat's clock: monotonic, so a change of the computer's time neither stops nor floods it.
const now = () => performance.now();

/**
 * Reports a content page's playback to the API: a start event on the first play, then progress events
 * (10-point steps, a heartbeat about every 10 s while playing, the position reached when pausing) and the
 * complete event at the end, which ends the view (rules in lib/playback-progress). Playing again after the end starts a new view.
 * Reporting never gets in the way of playback: failures are logged only, and a failed start is retried
 * on the next play. Nothing is sent for a signed-out visitor. `onStatus` hears what the answers say about
 * the view counting, for the player's indicator.
 */
export function usePlaybackReporting(
  contentId: string,
  onStatus?: (status: CountingStatus) => void,
): Required<PlaybackCallbacks> {
  const discovery = readDiscovery(useLocation().state);
  // Outlives the callbacks below, so a re-render never loses the view under way.
  const viewRef = useRef<View | null>(null);
  // Read at each answer, so a new listener never re-creates the callbacks (and the view with them).
  const onStatusRef = useRef(onStatus);
  useEffect(() => {
    onStatusRef.current = onStatus;
  }, [onStatus]);

  return useMemo(() => {
    // Only the view on screen speaks: a late answer for one replaced since is dropped.
    const report = (view: View, status: CountingStatus) => {
      view.status = status;
      if (viewRef.current === view) onStatusRef.current?.(status);
    };

    const flush = (view: View, heartbeat: Heartbeat = view.playing ? "due" : "off") => {
      const { id } = view;
      if (id === null) return;
      const { next, events } = dueEvents(view.progress, now(), heartbeat);
      view.progress = next;
      for (const event of events) {
        view.queue = view.queue
          .then(() => sendPlaybackEvent({ content_id: contentId, view_id: id, ...event }))
          .then(
            (answer) => report(view, statusAfterEvent(view.status, answer)),
            (error: unknown) => {
              if (error instanceof ApiError && error.status === 404) report(view, statusAfterLostView(view.status));
              logFailure(error);
            },
          );
      }
    };

    const start = async (view: View) => {
      try {
        const device_fingerprint = await deviceFingerprint();
        const answer = await startPlayback({
          content_id: contentId,
          discovery_method: discovery,
          device_fingerprint,
        });
        view.id = answer.view_id;
        // An older server answers without `earnable`: nothing to show rather than a guess.
        if (answer.earnable !== undefined) report(view, statusOfStart(answer));
        // Positions seen while the start was on its way are reported now.
        flush(view);
      } catch (error) {
        logFailure(error);
        if (viewRef.current === view) viewRef.current = null;
      }
    };

    return {
      onPlay() {
        const current = viewRef.current;
        // Resuming after a pause: same view. After the end, or on another item, a new one. However long
        // the pause, the next event simply goes out: the server starts counting again from it.
        if (current && !current.ended && current.contentId === contentId) {
          current.playing = true;
          return;
        }
        if (!useAuth.getState().user) return;
        const view: View = {
          contentId,
          id: null,
          ended: false,
          playing: true,
          progress: startProgress(now()),
          queue: Promise.resolve(),
          status: null,
        };
        viewRef.current = view;
        // The previous view's status is not this one's: nothing shows until the start answers.
        report(view, null);
        void start(view);
      },
      onTimeUpdate(currentSeconds, durationSeconds) {
        const view = viewRef.current;
        // Before the first play, or the rewind to 0 when replaying an ended item: not this view's.
        if (!view || view.ended || view.contentId !== contentId) return;
        view.progress = observePosition(view.progress, currentSeconds, durationSeconds);
        flush(view);
      },
      onPause() {
        const view = viewRef.current;
        if (!view || view.ended || !view.playing || view.contentId !== contentId) return;
        view.playing = false;
        flush(view, "now");
      },
      onEnded() {
        const view = viewRef.current;
        if (!view || view.ended || view.contentId !== contentId) return;
        view.ended = true;
        view.playing = false;
        // The last position, then complete: the server ends the view with it, so nothing may follow.
        view.progress = endProgress(view.progress);
        flush(view, "now");
      },
    };
  }, [contentId, discovery]);
}
