import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PlayerHandle } from "./player-handle";
import { adBreaks, getAdSettings } from "../lib/ads-api";
import { describeFailure } from "../lib/api";
import { resolveFeedUrl } from "../lib/vast";
import type { PlaybackCallbacks } from "./use-media-playback";

/**
 * docs/product-spec.md §4 "Player sequence": ad settings → pre-roll → content → post-roll → Up Next.
 * `settings` blocks the player until we know whether a pre-roll comes first; `done` is the content
 * page after the sequence (Up Next closed, or never shown), where replaying is just playing.
 */
export type SequencePhase = "settings" | "preroll" | "content" | "postroll" | "upnext" | "done";

type Breaks = { feedUrl: string | null; preroll: boolean; postroll: boolean };
const noAds: Breaks = { feedUrl: null, preroll: false, postroll: false };

type SequenceOptions = {
  /** Without an id there is nothing to suggest, so no Up Next panel. */
  contentId: string | undefined;
  player: RefObject<PlayerHandle | null>;
  /** The content's playback reporting; it only hears the content, never an ad (ads earn nothing). */
  reporting: Required<PlaybackCallbacks>;
  /**
   * The viewer first chooses where to start ("Resume from m:ss" / "Start over", docs/decisions/045): nothing
   * starts, not even the pre-roll, until `begin` is called. Read once, when the player mounts.
   */
  hold?: boolean;
  /** Played within the admin's window (`resume_skips_preroll`): no pre-roll again this time. Read once. */
  skipPreroll?: boolean;
};

export function useAdSequence({ contentId, player, reporting, hold = false, skipPreroll = false }: SequenceOptions) {
  const [phase, setPhase] = useState<SequencePhase>("settings");
  const [breaks, setBreaks] = useState<Breaks>(noAds);
  // The first break waits for both the settings and, when held, the viewer's choice, whichever comes last.
  const start = useRef({ held: hold, skipPreroll, loaded: null as Breaks | null, play: false });
  // Read by the media callbacks, which must not wait for a re-render to know an ad is on.
  const phaseRef = useRef<SequencePhase>("settings");
  const postrollShownRef = useRef(false);

  const go = useCallback((next: SequencePhase) => {
    phaseRef.current = next;
    setPhase(next);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    // Never rejects: a failed load is caught above the last step and means "no ads".
    void getAdSettings(controller.signal)
      .then((settings) => {
        const found = adBreaks(settings);
        if (!found.vastUrl) return noAds;
        try {
          return { feedUrl: resolveFeedUrl(found.vastUrl), preroll: found.preroll, postroll: found.postroll };
        } catch {
          console.warn(`Advertisement unavailable: the ad feed address is not a URL (${found.vastUrl})`);
          return noAds;
        }
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error(describeFailure("Failed to load ad settings", error));
        return noAds;
      })
      .then((found) => {
        if (controller.signal.aborted) return;
        setBreaks(found);
        start.current.loaded = found;
        if (!start.current.held) proceed();
      });
    return () => controller.abort();
    // proceed reads only refs and the stable go/player.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [go]);

  /** Into the first break: the pre-roll, unless the viewer saw it minutes ago, else the content. */
  function proceed() {
    const { loaded, play } = start.current;
    const first = loaded?.preroll && !start.current.skipPreroll ? "preroll" : "content";
    go(first);
    // The viewer's click (Resume / Start over) is the gesture that may start the media.
    if (first === "content" && play) player.current?.play();
  }

  /**
   * The viewer chose where to start (a held sequence): on with the pre-roll or the content, which plays at
   * once when `play` (the choice was a click) and otherwise waits for Play.
   */
  const begin = useCallback((play = true) => {
    if (!start.current.held) return;
    start.current = { ...start.current, held: false, play };
    if (start.current.loaded) proceed();
    // proceed reads only refs and the stable go/player.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, []);

  const afterContent = useCallback(() => {
    if (breaks.postroll && !postrollShownRef.current) {
      // Once per visit: replaying the item shows Up Next again, not another ad.
      postrollShownRef.current = true;
      go("postroll");
    } else {
      go(contentId ? "upnext" : "done");
    }
  }, [breaks.postroll, contentId, go]);

  /** An ad break ended (complete, skipped or failed): on with the sequence. */
  const adDone = useCallback(() => {
    if (phaseRef.current === "preroll") {
      go("content");
      player.current?.play();
    } else if (phaseRef.current === "postroll") {
      go(contentId ? "upnext" : "done");
    }
  }, [contentId, go, player]);

  const closeUpNext = useCallback(() => go("done"), [go]);

  const contentShowing = () => phaseRef.current === "content" || phaseRef.current === "done";

  const callbacks: Required<PlaybackCallbacks> = useMemo(
    () => ({
      onPlay() {
        // A keyboard shortcut can still reach the content under an ad or Up Next: hold it.
        if (!contentShowing()) return player.current?.pause();
        reporting.onPlay();
      },
      onTimeUpdate(current, duration) {
        if (contentShowing()) reporting.onTimeUpdate(current, duration);
      },
      // Always passed on: the content paused for an ad (or an ad click) is not being watched either.
      onPause() {
        reporting.onPause();
      },
      onEnded() {
        reporting.onEnded();
        if (contentShowing()) afterContent();
      },
    }),
    [afterContent, player, reporting],
  );

  return { phase, feedUrl: breaks.feedUrl, adDone, closeUpNext, callbacks, begin };
}
