import { useState } from "react";
import type { ContentJson } from "../../../common/schemas/content";
import { buttonClass } from "../ui";
import { ShareDialog } from "./share-dialog";

/**
 * "Share" under the player (docs/decisions/099): opens the Share dialog with the player's position at that moment,
 * rounded down to whole seconds, for "Start at m:ss".
 */
export function ShareButton({
  content,
  currentTime,
}: {
  content: Pick<ContentJson, "id" | "title">;
  /** The player's position in seconds, read when the dialog opens; absent: no start time offered. */
  currentTime?: () => number;
}) {
  const [startAt, setStartAt] = useState<number | null>(null);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className={buttonClass("ghost")}
        onClick={() => setStartAt(Math.max(0, Math.floor(currentTime?.() ?? 0)))}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M12 15V3m0 0L7.5 7.5M12 3l4.5 4.5M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
        </svg>
        Share
      </button>
      {startAt !== null ? <ShareDialog content={content} startAt={startAt} onClose={() => setStartAt(null)} /> : null}
    </>
  );
}
