import { useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { captureFrame } from "../../lib/frame-capture";
import { formatDuration } from "../../lib/format";
import { Modal } from "../modal";
import { rangeClass, rangeFill } from "../player/seek-bar";
import { buttonClass } from "../ui";
import { useObjectUrl } from "../upload/use-object-url";

type FramePickerDialogProps = {
  /** The picked file at upload, or the item's own stream URL in the profile. */
  source: File | string;
  /** Gets the chosen frame as a JPEG; the dialog closes itself afterwards. */
  onChosen: (frame: Blob) => void;
  onClose: () => void;
};

/** Where the slider starts: 2 s in, or a tenth of a shorter clip (the automatic thumbnail's rule). */
const startAt = (duration: number) => Math.min(2, duration * 0.1);

/**
 * Scrub the video and take the frame it shows (docs/decisions/050). Rendered at the end of the page: it opens
 * from inside a form (upload) and from a thumbnail's hover layer (profile), neither of which may hold it.
 */
export function FramePickerDialog({ source, onChosen, onClose }: FramePickerDialogProps) {
  const sliderId = useId();
  const blobUrl = useObjectUrl(typeof source === "string" ? null : source);
  const url = typeof source === "string" ? source : blobUrl;
  const video = useRef<HTMLVideoElement>(null);
  const [duration, setDuration] = useState(0);
  const [time, setTime] = useState(0);
  const [seeking, setSeeking] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  const seek = (seconds: number) => {
    const element = video.current;
    if (!element) return;
    setTime(seconds);
    setSeeking(true);
    element.currentTime = seconds;
  };

  const take = async () => {
    const element = video.current;
    if (!element) return;
    try {
      onChosen(await captureFrame(element));
      onClose();
    } catch (error) {
      console.error(error);
      setProblem("This frame could not be taken. Try another one, or upload an image instead.");
    }
  };

  return createPortal(
    <Modal title="Choose a frame" onClose={onClose}>
      <div className="space-y-4">
        {url ? (
          <video
            ref={video}
            src={url}
            muted
            playsInline
            preload="auto"
            aria-label="Video preview"
            onLoadedMetadata={(event) => {
              const length = Number.isFinite(event.currentTarget.duration) ? event.currentTarget.duration : 0;
              setDuration(length);
              seek(startAt(length));
            }}
            onSeeked={() => setSeeking(false)}
            onError={() => setProblem("The video could not be loaded, so no frame can be taken from it.")}
            className="aspect-video w-full rounded-lg bg-black object-contain"
          />
        ) : null}
        <div className="space-y-1">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <label htmlFor={sliderId} className="text-slate-300">
              Frame position
            </label>
            <span className="tabular-nums text-slate-400">
              {formatDuration(time)} / {formatDuration(duration)}
            </span>
          </div>
          <input
            id={sliderId}
            type="range"
            data-autofocus=""
            min={0}
            max={duration}
            step={0.1}
            value={time}
            disabled={duration === 0}
            aria-valuetext={`${formatDuration(time)} of ${formatDuration(duration)}`}
            onChange={(event) => seek(Number(event.target.value))}
            style={rangeFill(duration > 0 ? (time / duration) * 100 : 0)}
            className={`w-full ${rangeClass}`}
          />
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-amber-300">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className={buttonClass("primary")}
            onClick={() => void take()}
            disabled={duration === 0 || seeking}
          >
            Use this frame
          </button>
        </div>
      </div>
    </Modal>,
    document.body,
  );
}
