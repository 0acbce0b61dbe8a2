import type { ContentType } from "../../../common/schemas/content";
import type { useAdSequence } from "../../hooks/use-ad-sequence";
import { AdOverlay } from "./ad-overlay";

type Sequence = Pick<ReturnType<typeof useAdSequence>, "phase" | "feedUrl" | "adDone">;

/**
 * What covers the player for the sequence's own phases (docs/product-spec.md §4 "Player sequence"), one piece for the
 * content page and the embed: while the ad settings load, a layer that keeps Play out of reach (usually a few
 * milliseconds, nothing visible); during a break, its ad. Null for the phases the caller draws (content, Up Next).
 */
export function sequenceOverlay(sequence: Sequence, contentType: ContentType) {
  if (sequence.phase === "settings") {
    return (
      <div role="status" className="size-full">
        <span className="sr-only">Loading player…</span>
      </div>
    );
  }
  if ((sequence.phase === "preroll" || sequence.phase === "postroll") && sequence.feedUrl) {
    return (
      <AdOverlay
        key={sequence.phase}
        feedUrl={sequence.feedUrl}
        position={sequence.phase === "preroll" ? "pre" : "post"}
        contentType={contentType}
        onDone={sequence.adDone}
      />
    );
  }
  return null;
}
