import { useEffect, useId, useState } from "react";
import { EMBED_DEFAULT, embedCode, itemLink } from "../../../common/embed";
import type { ContentJson } from "../../../common/schemas/content";
import { formatDuration } from "../../lib/format";
import { Modal } from "../modal";
import { buttonClass } from "../ui";
import { inputClass, labelClass } from "../upload/form-styles";

/** How long "Link copied" stays before the status empties again. */
export const SHARE_STATUS_MS = 4000;

const COPY_FAILED = "Couldn't copy. Select the text and copy it yourself.";

type ShareDialogProps = {
  content: Pick<ContentJson, "id" | "title">;
  /** The player's position when the dialog opened, whole seconds (0: at the start). */
  startAt: number;
  onClose: () => void;
};

/** Web Share (phones, some desktops): the device's own share sheet, where the browser has one. */
const canShareSheet = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

/**
 * Share (docs/decisions/099): the item's link, at the current time if the viewer ticks it; the code that embeds
 * the player in another site (the same builder as the oEmbed answer); and the phone's share sheet where there is one.
 */
export function ShareDialog({ content, startAt, onClose }: ShareDialogProps) {
  const id = useId();
  const [atTime, setAtTime] = useState(false);
  const [status, setStatus] = useState("");
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(""), SHARE_STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const origin = window.location.origin;
  const link = itemLink(origin, content.id, atTime ? startAt : null);
  const code = embedCode({ origin, id: content.id, title: content.title, ...EMBED_DEFAULT });

  const copy = async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus(done);
    } catch {
      setStatus(COPY_FAILED);
    }
  };
  const shareSheet = async () => {
    try {
      await navigator.share({ title: content.title, url: link });
    } catch (error) {
      // Closing the sheet is a choice, not a failure; anything else leaves the copy buttons to use.
      if (!(error instanceof DOMException && error.name === "AbortError")) setStatus("Couldn't open the share sheet.");
    }
  };

  return (
    <Modal title="Share" onClose={onClose}>
      <div className="space-y-5">
        <div>
          <label htmlFor={`${id}-link`} className={labelClass}>
            Link
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={`${id}-link`}
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
              className={`${inputClass} min-w-0 flex-1`}
            />
            <button
              type="button"
              data-autofocus
              className={buttonClass()}
              onClick={() => void copy(link, "Link copied")}
            >
              Copy link
            </button>
          </div>
          {startAt >= 1 ? (
            <label className="mt-2 flex items-center gap-2 text-sm text-slate-200">
              <input
                type="checkbox"
                checked={atTime}
                onChange={(event) => setAtTime(event.currentTarget.checked)}
                className="size-4 accent-violet-500 focus-visible:outline-2 focus-visible:outline-violet-400"
              />
              Start at {formatDuration(startAt)}
            </label>
          ) : null}
        </div>
        {canShareSheet() ? (
          <button type="button" className={buttonClass("secondary")} onClick={() => void shareSheet()}>
            Share…
          </button>
        ) : null}
        <div>
          <label htmlFor={`${id}-embed`} className={labelClass}>
            Embed
          </label>
          <textarea
            id={`${id}-embed`}
            readOnly
            rows={3}
            value={code}
            onFocus={(event) => event.currentTarget.select()}
            className={`${inputClass} font-mono text-xs break-all`}
          />
          <p className="mt-1 text-xs text-slate-400">Views in an embed don't earn: Watch on Reelpay to earn.</p>
          <button
            type="button"
            className={`${buttonClass("secondary")} mt-2`}
            onClick={() => void copy(code, "Embed code copied")}
          >
            Copy embed code
          </button>
        </div>
        <p role="status" className="min-h-5 text-sm text-slate-300">
          {status}
        </p>
      </div>
    </Modal>
  );
}
