import { useId, useRef, useState, type ChangeEvent } from "react";
import { mediaContentProblem } from "../../lib/upload-file";
import { fileInputClass, labelClass } from "./form-styles";
import { MEDIA_ACCEPT, MEDIA_REJECTED, isAcceptedMedia, mediaTypeOf } from "./upload-rules";

type MediaPickerProps = {
  file: File | null;
  onSelect: (file: File | null) => void;
  disabled?: boolean;
};

/**
 * Picks the one MP4 or MP3 file of a single upload; anything else is refused on the spot: by its type, then
 * by its first bytes (a text file renamed .mp4), before any upload request.
 */
export function MediaPicker({ file, onSelect, disabled }: MediaPickerProps) {
  const id = useId();
  const [rejected, setRejected] = useState<string | null>(null);
  // The latest pick: a slower check of an earlier file must not overrule it.
  const latest = useRef<File | null>(null);

  const refuse = (input: HTMLInputElement, message: string) => {
    input.value = "";
    setRejected(message);
    onSelect(null);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const picked = input.files?.[0] ?? null;
    latest.current = picked;
    if (picked && !isAcceptedMedia(picked))
      return refuse(input, `“${picked.name}” cannot be uploaded. ${MEDIA_REJECTED}`);
    const problem = picked ? await mediaContentProblem(picked) : null;
    if (latest.current !== picked) return;
    if (problem) return refuse(input, problem);
    setRejected(null);
    onSelect(picked);
  };

  return (
    <div className="space-y-2">
      <label htmlFor={id} className={labelClass}>
        Media file (MP4 video or MP3 audio){" "}
        <span className="text-red-400" aria-hidden="true">
          *
        </span>
      </label>
      <input
        id={id}
        type="file"
        accept={MEDIA_ACCEPT}
        onChange={(event) => void choose(event)}
        disabled={disabled}
        required
        aria-describedby={rejected ? `${id}-error` : undefined}
        className={fileInputClass}
      />
      {rejected ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-400">
          {rejected}
        </p>
      ) : null}
      {file ? (
        <p className="text-sm text-slate-400">
          {mediaTypeOf(file) === "video" ? "Video" : "Audio"} · {formatBytes(file.size)}
        </p>
      ) : null}
    </div>
  );
}

function formatBytes(bytes: number) {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
