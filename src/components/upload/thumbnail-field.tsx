import { useId, useState, type ChangeEvent } from "react";
import { buttonClass } from "../ui";
import { fileInputClass, labelClass } from "./form-styles";
import { THUMBNAIL_ACCEPT, THUMBNAIL_REJECTED, isAcceptedThumbnail } from "./upload-rules";
import type { UploadThumbnail } from "./use-upload-thumbnail";
import { useObjectUrl } from "./use-object-url";

type ThumbnailFieldProps = {
  thumbnail: UploadThumbnail;
  onPick: (image: File) => void;
  onRemove: () => void;
  disabled?: boolean;
};

/** Preview of the thumbnail to upload, with a picker to choose or replace it and a way to remove it. */
export function ThumbnailField({ thumbnail, onPick, onRemove, disabled }: ThumbnailFieldProps) {
  const id = useId();
  const preview = useObjectUrl(thumbnail.image);
  const [rejected, setRejected] = useState(false);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const image = event.target.files?.[0];
    event.target.value = "";
    if (!image) return;
    setRejected(!isAcceptedThumbnail(image));
    if (isAcceptedThumbnail(image)) onPick(image);
  };

  return (
    <fieldset className="space-y-2">
      <legend className={labelClass}>Thumbnail</legend>
      {thumbnail.generating ? (
        <p role="status" className="text-sm text-slate-400">
          Generating a thumbnail from the video…
        </p>
      ) : null}
      {preview ? (
        <div className="flex items-end gap-3">
          <img
            src={preview}
            alt={thumbnail.origin === "generated" ? "Thumbnail taken from the video" : "Chosen thumbnail"}
            className="aspect-video w-48 rounded-lg border border-slate-800 object-cover"
          />
          <button type="button" className={buttonClass("ghost")} onClick={onRemove} disabled={disabled}>
            Remove thumbnail
          </button>
        </div>
      ) : null}
      {thumbnail.error ? (
        <p className="text-sm text-amber-300">
          Could not take a thumbnail from the video ({thumbnail.error}). You can choose an image instead.
        </p>
      ) : null}
      <label htmlFor={id} className="block text-sm text-slate-400">
        {thumbnail.image ? "Replace with an image" : "Thumbnail image (optional)"}
      </label>
      <input
        id={id}
        type="file"
        accept={THUMBNAIL_ACCEPT}
        onChange={choose}
        disabled={disabled}
        className={fileInputClass}
      />
      {rejected ? (
        <p role="alert" className="text-sm text-red-400">
          {THUMBNAIL_REJECTED}
        </p>
      ) : null}
    </fieldset>
  );
}
