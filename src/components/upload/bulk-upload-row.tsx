import { useId, useState, type ChangeEvent } from "react";
import { TypeIcon } from "../gallery/type-icon";
import { buttonClass } from "../ui";
import { BulkRowStatus } from "./bulk-row-status";
import type { BulkEdit, BulkItem } from "./bulk-upload-store";
import { DetailsFields } from "./details-fields";
import { fileInputClass, labelClass } from "./form-styles";
import { THUMBNAIL_ACCEPT, THUMBNAIL_REJECTED, isAcceptedThumbnail, mediaTypeOf } from "./upload-rules";
import { useObjectUrl } from "./use-object-url";

type BulkUploadRowProps = {
  item: BulkItem;
  onEdit: (patch: BulkEdit) => void;
  onRemove: () => void;
  onRetry: () => void;
};

export function BulkUploadRow({ item, onEdit, onRemove, onRetry }: BulkUploadRowProps) {
  const id = useId();
  const pending = item.status === "pending";
  const isVideo = mediaTypeOf(item.file) === "video";
  const preview = useObjectUrl(item.thumbnailFile);
  const [rejected, setRejected] = useState(false);

  const chooseThumbnail = (event: ChangeEvent<HTMLInputElement>) => {
    const image = event.target.files?.[0];
    event.target.value = "";
    if (!image) return;
    setRejected(!isAcceptedThumbnail(image));
    if (isAcceptedThumbnail(image)) onEdit({ thumbnailFile: image });
  };

  return (
    <li className="space-y-3 rounded-xl border border-slate-800 bg-slate-950/60 p-4" aria-label={item.file.name}>
      <div className="flex items-start justify-between gap-3">
        <p className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-200">
          <TypeIcon type={isVideo ? "video" : "audio"} className="size-5 shrink-0 text-violet-300" />
          <span className="truncate">{item.file.name}</span>
          <span className="ml-2 text-xs text-slate-400">{isVideo ? "Video" : "Audio"}</span>
        </p>
        {pending ? (
          <button
            type="button"
            className={buttonClass("ghost")}
            onClick={onRemove}
            aria-label={`Remove ${item.file.name}`}
          >
            Remove
          </button>
        ) : null}
      </div>
      <DetailsFields details={item} onChange={onEdit} disabled={!pending} layout="row" />
      <div className="flex flex-wrap items-center gap-3">
        {preview ? (
          <img src={preview} alt="" className="aspect-video w-24 rounded border border-slate-800 object-cover" />
        ) : null}
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-thumb`} className={labelClass}>
            Thumbnail image (optional)
          </label>
          <input
            id={`${id}-thumb`}
            type="file"
            accept={THUMBNAIL_ACCEPT}
            onChange={chooseThumbnail}
            disabled={!pending}
            className={fileInputClass}
          />
          {rejected ? (
            <p role="alert" className="mt-1 text-sm text-red-400">
              {THUMBNAIL_REJECTED}
            </p>
          ) : pending && !item.thumbnailFile && isVideo ? (
            <p className="mt-1 text-xs text-slate-400">Without an image, a frame from the video is used.</p>
          ) : null}
        </div>
      </div>
      <BulkRowStatus item={item} onRetry={onRetry} />
    </li>
  );
}
