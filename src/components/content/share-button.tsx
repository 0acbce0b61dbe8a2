import { useEffect, useState } from "react";
import type { ContentJson } from "../../../common/schemas/content";
import { buttonClass } from "../ui";

/** How long "Link copied" stays before the status empties again. */
export const SHARE_STATUS_MS = 4000;

const COPIED = "Link copied";
const NOT_COPIED = "Couldn't copy the link. Copy it from the address bar.";

/**
 * "Share" under the player (docs/decisions/047): the device's own share sheet where there is one
 * (Web Share: phones, some desktops), else the item's address copied to the clipboard, said in a short status
 * that screen readers announce. The address is the item's own page, whatever search led here.
 */
export function ShareButton({ content }: { content: Pick<ContentJson, "id" | "title"> }) {
  const [status, setStatus] = useState("");
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(""), SHARE_STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const share = async () => {
    const url = `${window.location.origin}/content/${content.id}`;
    const data = { title: content.title, url };
    if (typeof navigator.share === "function" && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus(COPIED);
    } catch {
      setStatus(NOT_COPIED);
    }
  };

  return (
    <div className="flex items-center gap-2">
      <button type="button" className={buttonClass("ghost")} onClick={() => void share()}>
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
      <span role="status" className="text-sm text-slate-300">
        {status}
      </span>
    </div>
  );
}
