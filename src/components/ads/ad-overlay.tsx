import { type AdBreak, type AdOutcome, useAdPlayback } from "../../hooks/use-ad-playback";
import type { ContentType } from "../../../common/schemas/content";
import { VolumeIcon } from "../player/player-icons";
import { AdResumePrompt } from "./ad-resume-prompt";
import { AdUnavailable } from "./ad-unavailable";

type AdOverlayProps = {
  /** Absolute URL of the VAST feed. */
  feedUrl: string;
  /** Before or after the content: the feed's beacons say which (BREAKPOSITION). */
  position: AdBreak;
  /** The content the ad comes before or after: it words the click-through prompt. */
  contentType: ContentType;
  onDone: (outcome: AdOutcome) => void;
};

const chip = "rounded bg-slate-950/80 px-2 py-1 text-xs font-semibold tracking-wide text-slate-100";
const overlayButton =
  "rounded-lg border border-white/30 bg-slate-950/80 px-4 py-2 text-sm font-semibold text-white transition " +
  "hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400";

/**
 * A pre- or post-roll ad over the player (docs/product-spec.md §2 "Ad overlay", §4 "Ad"): loading, then the ad with
 * 'Advertisement', a 5-second countdown and 'Skip Ad'; clicking the picture opens the advertiser's page
 * and waits for 'Resume'; a failure shows 'Advertisement Unavailable' and gives way to the content.
 */
export function AdOverlay({ feedUrl, position, contentType, onDone }: AdOverlayProps) {
  const ad = useAdPlayback(feedUrl, position, onDone);

  return (
    // Keys pressed here are the ad's (Space on 'Skip Ad'), not the content player's shortcuts.
    <div className="relative size-full bg-black" onKeyDown={(event) => event.stopPropagation()}>
      {ad.phase === "loading" ? (
        <div role="status" className="flex size-full flex-col items-center justify-center gap-3">
          <span className="size-8 animate-spin rounded-full border-4 border-slate-700 border-t-violet-500" />
          <span className="text-sm text-slate-400">Loading advertisement…</span>
        </div>
      ) : null}

      {ad.phase === "error" ? <AdUnavailable onContinue={ad.actions.continueNow} /> : null}

      {ad.phase === "playing" ? (
        <section aria-label="Advertisement" className="absolute inset-0">
          {ad.canClickThrough ? (
            <button
              type="button"
              aria-label="Visit advertiser (opens in a new tab)"
              onClick={ad.actions.clickThrough}
              className="absolute inset-0 cursor-pointer focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-violet-400"
            >
              <video {...ad.videoProps} className="size-full object-contain" />
            </button>
          ) : (
            <video {...ad.videoProps} className="absolute inset-0 size-full object-contain" />
          )}

          <span className={`${chip} absolute top-3 left-3`}>Advertisement</span>

          <button
            type="button"
            aria-label={ad.muted ? "Unmute ad" : "Mute ad"}
            onClick={ad.actions.toggleMute}
            className={`${overlayButton} absolute bottom-3 left-3 px-2.5`}
          >
            <VolumeIcon muted={ad.muted} />
          </button>

          <div className="absolute right-3 bottom-3">
            {ad.skipIn > 0 ? (
              <span className={`${chip} inline-block px-4 py-2 text-sm tabular-nums`}>Skip in {ad.skipIn}</span>
            ) : (
              <button type="button" onClick={ad.actions.skip} className={overlayButton}>
                Skip Ad
                <svg
                  viewBox="0 0 24 24"
                  fill="currentColor"
                  aria-hidden="true"
                  className="ml-1.5 inline size-4 align-[-3px]"
                >
                  <path d="M5 5.5v13a1 1 0 0 0 1.6.8L15 13v5.5a.5.5 0 0 0 .5.5h2a.5.5 0 0 0 .5-.5v-13a.5.5 0 0 0-.5-.5h-2a.5.5 0 0 0-.5.5V11L6.6 4.7A1 1 0 0 0 5 5.5Z" />
                </svg>
              </button>
            )}
          </div>

          {ad.awaitingResume ? <AdResumePrompt contentType={contentType} onResume={ad.actions.resume} /> : null}
        </section>
      ) : null}
    </div>
  );
}
