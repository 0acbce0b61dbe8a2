import { useId, useState, type ChangeEvent } from "react";
import { TypeIcon } from "../gallery/type-icon";
import { buttonClass } from "../ui";
import { BulkRowEarnBlock, BulkRowError, BulkRowStatus } from "./bulk-row-status";
import type { BulkEdit, BulkItem } from "./bulk-upload-store";
import { detailsProblems } from "./details-check";
import { DetailsFields } from "./details-fields";
import { THUMBNAIL_ACCEPT, THUMBNAIL_REJECTED, isAcceptedThumbnail, mediaTypeOf } from "./upload-rules";
import { SeekPreviewsStatus } from "./seek-previews-status";
import { useObjectUrl } from "./use-object-url";

type BulkUploadRowProps = {
  item: BulkItem;
  onEdit: (patch: BulkEdit) => void;
  onRemove: () => void;
  onRetry: () => void;
};

// About 100 px a row on a wide screen (two lines: the file with its progress, then its details), so the
// list's 60 % of the viewport (docs/product-spec.md §2) shows several rows at once.
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
    <li className="space-y-2 rounded-xl border border-slate-800 bg-slate-950/60 p-3" aria-label={item.file.name}>
      {/* On a phone the progress wraps to a line of its own below the name and Remove (BulkRowStatus). */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 sm:flex-nowrap">
        <p className="flex min-w-0 flex-1 items-center gap-2 text-sm font-medium text-slate-200 sm:max-w-[45%] sm:flex-initial">
          <TypeIcon type={isVideo ? "video" : "audio"} className="size-5 shrink-0 text-violet-300" />
          <span className="truncate">{item.file.name}</span>
          <span className="sr-only sm:not-sr-only sm:shrink-0 sm:text-xs sm:text-slate-400">
            {isVideo ? "Video" : "Audio"}
          </span>
        </p>
        <BulkRowStatus item={item} onRetry={onRetry} />
        {pending ? (
          <button
            type="button"
            className={`${buttonClass("ghost", "compact")} shrink-0`}
            onClick={onRemove}
            aria-label={`Remove ${item.file.name}`}
          >
            Remove
          </button>
        ) : null}
      </div>
      <BulkRowError item={item} />
      <BulkRowEarnBlock item={item} />
      {/* The video's seek previews, made after it is uploaded, one video at a time (docs/decisions/105). */}
      {item.status === "success" && item.contentId && isVideo ? <SeekPreviewsStatus id={item.contentId} /> : null}
      <div className="grid grid-cols-2 items-start gap-2 md:grid-cols-[3fr_4fr_3fr_auto]">
        {/* A pending row says what the server would refuse (an empty title…) before Upload All sends it. */}
        <DetailsFields
          details={item}
          problems={pending ? detailsProblems(item) : undefined}
          onChange={onEdit}
          disabled={!pending}
          layout="row"
        />
        {/* The picker only while the row can change; a finished row keeps just the image it was sent with. */}
        <div className="flex min-w-0 items-center gap-2">
          {preview ? (
            <img
              src={preview}
              alt=""
              className="aspect-video h-9 shrink-0 rounded border border-slate-800 object-cover"
            />
          ) : null}
          {pending ? (
            <label
              htmlFor={`${id}-thumb`}
              className={`${buttonClass("secondary", "compact")} min-w-0 cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-violet-400`}
              title={isVideo && !preview ? "Without an image, a frame from the video is used." : undefined}
            >
              <span className="truncate">{preview ? "Change image" : "Thumbnail…"}</span>
              <span className="sr-only">
                {" "}
                (optional image{isVideo ? "; without one, a frame from the video is used" : ""})
              </span>
              <input
                id={`${id}-thumb`}
                type="file"
                accept={THUMBNAIL_ACCEPT}
                onChange={chooseThumbnail}
                className="sr-only"
              />
            </label>
          ) : null}
        </div>
      </div>
      {rejected && pending ? (
        <p role="alert" className="text-sm text-red-400">
          {THUMBNAIL_REJECTED}
        </p>
      ) : null}
    </li>
  );
}
