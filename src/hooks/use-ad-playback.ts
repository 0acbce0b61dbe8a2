import { useCallback, useEffect, useRef, useState } from "react";
import { type LoadedAd, loadVastAd } from "../lib/vast";
import { useInterval } from "./use-interval";

/** docs/product-spec.md §9: skipping is possible after 5 seconds of the ad. */
const AD_SKIP_AFTER_SECONDS = 5;
/** docs/product-spec.md §9: a failed ad gives way to the content after 1.5 s. */
const AD_ERROR_FALLBACK_MS = 1500;

/** docs/product-spec.md §4 "Ad" states. */
type AdPhase = "loading" | "error" | "playing" | "complete" | "skipped";
/** How an ad break ended, for the player sequence. */
export type AdOutcome = "complete" | "skipped" | "error";
/** Which break this is: before or after the content. */
export type AdBreak = "pre" | "post";

/**
 * VAST 4.1's BREAKPOSITION macro (1 pre-roll, 3 post-roll), filled into every tracking URL that asks for it,
 * so the feed's counts can tell the breaks apart (docs/decisions/018). A fresh object per call: the VAST
 * client writes into the macros it is given.
 */
const breakMacros = (position: AdBreak) => ({ BREAKPOSITION: position === "pre" ? 1 : 3 });

type AdState =
  | { phase: "loading" }
  | { phase: "error"; message: string }
  | { phase: "playing" | "complete" | "skipped"; ad: LoadedAd };

/**
 * One ad break: loads the ad from the feed, plays it (muted when the browser refuses sound without a
 * gesture), counts down to 'Skip Ad' while it plays, handles the click-through, and tracks impression,
 * progress, complete, skip, click and errors. `onDone` is called exactly once when the break is over.
 */
export function useAdPlayback(feedUrl: string, position: AdBreak, onDone: (outcome: AdOutcome) => void) {
  const [state, setState] = useState<AdState>({ phase: "loading" });
  const [skipIn, setSkipIn] = useState(AD_SKIP_AFTER_SECONDS);
  const [paused, setPaused] = useState(true);
  const [muted, setMuted] = useState(false);
  /** Where the ad was when the viewer clicked through; null while not waiting for 'Resume'. */
  const [resumeAt, setResumeAt] = useState<number | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const ad = state.phase === "loading" || state.phase === "error" ? null : state.ad;
  const macros = () => breakMacros(position);

  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  }, [onDone]);
  const doneRef = useRef(false);
  const finish = useCallback((outcome: AdOutcome) => {
    if (doneRef.current) return;
    doneRef.current = true;
    onDoneRef.current(outcome);
  }, []);

  const fail = useCallback((message: string) => {
    // Not the viewer's problem, and not ours to fix: the feed is third-party. Kept for whoever debugs ads.
    console.warn(`Advertisement unavailable: ${message}`);
    setState({ phase: "error", message });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    loadVastAd(feedUrl, { signal: controller.signal }).then(
      (loaded) => {
        if (!controller.signal.aborted) setState({ phase: "playing", ad: loaded });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) fail(error instanceof Error ? error.message : String(error));
      },
    );
    return () => controller.abort();
  }, [feedUrl, fail]);

  // docs/product-spec.md §4: an error goes on to the content after 1.5 s (or at once with 'Continue to Content').
  useEffect(() => {
    if (state.phase !== "error") return;
    const timer = setTimeout(() => finish("error"), AD_ERROR_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [state.phase, finish]);

  // The skip countdown runs only while the ad actually plays (not while paused for a click-through).
  const counting = state.phase === "playing" && !paused && skipIn > 0;
  useInterval(() => setSkipIn((s) => Math.max(0, s - 1)), counting ? 1000 : null);

  // Start the ad once its element exists. Browsers refuse sound without a gesture (a pasted link):
  // then it plays muted, with an Unmute button, rather than not at all.
  useEffect(() => {
    if (!ad) return;
    const video = videoRef.current;
    if (!video) return;
    video.play()?.catch((error: unknown) => {
      if ((error as { name?: string } | null)?.name !== "NotAllowedError") return;
      video.muted = true;
      setMuted(true);
      video.play()?.catch(() => fail("The browser did not allow the ad to play"));
    });
    // `ad` is the same object through complete/skipped, so this runs once per loaded ad.
  }, [ad, fail]);

  const playing = state.phase === "playing";

  const videoProps = {
    ref: videoRef,
    src: ad?.mediaUrl,
    playsInline: true,
    preload: "auto",
    onPlay: () => {
      setPaused(false);
      if (!ad) return;
      // The first play is the impression; later ones resume (a first setPaused(false) would ping 'resume').
      if (ad.tracker.impressed) ad.tracker.setPaused(false, macros());
      else ad.tracker.trackImpression(macros());
    },
    onPause: (e: { currentTarget: HTMLVideoElement }) => {
      setPaused(true);
      // Pausing on the way out (skip, end) is not the viewer pausing the ad.
      if (!doneRef.current && !e.currentTarget.ended) ad?.tracker.setPaused(true, macros());
    },
    onLoadedMetadata: (e: { currentTarget: HTMLVideoElement }) => {
      const { duration } = e.currentTarget;
      if (Number.isFinite(duration) && duration > 0) ad?.tracker.setDuration(duration);
    },
    onTimeUpdate: (e: { currentTarget: HTMLVideoElement }) => {
      ad?.tracker.setProgress(e.currentTarget.currentTime, macros());
    },
    onVolumeChange: (e: { currentTarget: HTMLVideoElement }) => {
      setMuted(e.currentTarget.muted);
      ad?.tracker.setMuted(e.currentTarget.muted, macros());
    },
    onEnded: () => {
      if (!ad || !playing) return;
      ad.tracker.complete(macros());
      setState({ phase: "complete", ad });
      finish("complete");
    },
    onError: () => {
      if (!ad || !playing) return;
      // VAST 405: the media file could not be played.
      ad.tracker.error({ ...macros(), ERRORCODE: 405 });
      fail("The ad media could not be played");
    },
  };

  const actions = {
    skip() {
      if (!ad || !playing || skipIn > 0) return;
      ad.tracker.skip(macros());
      setState({ phase: "skipped", ad });
      finish("skipped");
      videoRef.current?.pause();
    },
    /** The viewer clicked the ad: pause, open the advertiser's page in a new tab, offer 'Resume'. */
    clickThrough() {
      const video = videoRef.current;
      if (!ad?.clickThrough || !playing || !video || resumeAt !== null) return;
      video.pause();
      setResumeAt(video.currentTime);
      let opened = false;
      const open = (url: string) => {
        opened = true;
        window.open(url, "_blank", "noopener");
      };
      // The tracker pings ClickTracking and fills the click-through URL's macros, synchronously.
      ad.tracker.on("clickthrough", open);
      ad.tracker.click(null, macros());
      ad.tracker.off("clickthrough", open);
      if (!opened) window.open(ad.clickThrough, "_blank", "noopener");
    },
    resume() {
      const video = videoRef.current;
      if (!video || resumeAt === null) return;
      video.currentTime = resumeAt;
      setResumeAt(null);
      video.play()?.catch(() => {});
    },
    toggleMute() {
      const video = videoRef.current;
      if (!video) return;
      video.muted = !video.muted;
      setMuted(video.muted);
      ad?.tracker.setMuted(video.muted, macros());
    },
    /** 'Continue to Content' on the error overlay. */
    continueNow: () => finish("error"),
  };

  return {
    phase: state.phase satisfies AdPhase,
    errorMessage: state.phase === "error" ? state.message : null,
    canClickThrough: Boolean(ad?.clickThrough),
    skipIn,
    awaitingResume: resumeAt !== null,
    muted,
    videoProps,
    actions,
  };
}
