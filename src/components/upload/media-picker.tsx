import { useId, useState, type ChangeEvent } from "react";
import { fileInputClass, labelClass } from "./form-styles";
import { MEDIA_ACCEPT, MEDIA_REJECTED, isAcceptedMedia, mediaTypeOf } from "./upload-rules";

type MediaPickerProps = {
  file: File | null;
  onSelect: (file: File | null) => void;
  disabled?: boolean;
};

/** Picks the one MP4 or MP3 file of a single upload; anything else is refused on the spot. */
export function MediaPicker({ file, onSelect, disabled }: MediaPickerProps) {
  const id = useId();
  const [rejected, setRejected] = useState<string | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    if (picked && !isAcceptedMedia(picked)) {
      event.target.value = "";
      setRejected(picked.name);
      onSelect(null);
      return;
    }
    setRejected(null);
    onSelect(picked);
  };

  return (
    <div className="space-y-2">
      <label htmlFor={id} className={labelClass}>
        Media file (MP4 video or MP3 audio) <span className="text-red-400" aria-hidden="true">*</span>
      </label>
      <input
        id={id}
        type="file"
        accept={MEDIA_ACCEPT}
        onChange={choose}
        disabled={disabled}
        required
        aria-describedby={rejected ? `${id}-error` : undefined}
        className={fileInputClass}
      />
      {rejected ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-400">
          “{rejected}” cannot be uploaded. {MEDIA_REJECTED}
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
