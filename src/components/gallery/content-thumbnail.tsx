import { useState } from "react";
import type { ContentJson } from "../../../common/schemas/content";
import { formatDuration } from "../../lib/format";
import { TypeIcon } from "./type-icon";

/**
 * "first": the largest image of the first screen (the page's head preloads it too, worker/spa/first-paint.ts),
 * fetched at once with high priority; "eager": above the fold; "lazy": when scrolled near.
 */
export type ImagePriority = "first" | "eager" | "lazy";

type ContentThumbnailProps = {
  item: Pick<ContentJson, "type" | "thumbnail_url">;
  /** Cards below the first row load their images lazily; the player's artwork is above the fold. */
  priority?: ImagePriority;
  className?: string;
};

// Thumbnails are 16:9 (the slot is `aspect-video`); the intrinsic size lets the browser reserve the box even
// before the CSS applies, so nothing moves when the image arrives.
const WIDTH = 640;
const HEIGHT = 360;

/**
 * The item's thumbnail, or an icon for its type when it has none or the image fails to load, so a
 * broken image never shows. The image is decorative: the title next to it names the item.
 */
export function ContentThumbnail({ item, priority = "lazy", className = "" }: ContentThumbnailProps) {
  // Remember which URL failed, so a new thumbnail (new URL) gets its own chance to load.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = item.thumbnail_url;
  if (url && url !== failedUrl) {
    return (
      <img
        src={url}
        alt=""
        width={WIDTH}
        height={HEIGHT}
        loading={priority === "lazy" ? "lazy" : "eager"}
        fetchPriority={priority === "first" ? "high" : "auto"}
        decoding={priority === "first" ? "sync" : "async"}
        onError={() => setFailedUrl(url)}
        className={`size-full object-cover ${className}`}
      />
    );
  }
  return (
    <div
      data-testid="thumbnail-fallback"
      className={`flex size-full items-center justify-center bg-gradient-to-br from-slate-800 to-violet-950/60 text-violet-300/80 ${className}`}
    >
      <TypeIcon type={item.type} className="size-12" />
    </div>
  );
}

/**
 * A thumbnail with the item's m:ss duration in its corner, as lists beside the player and playlists show it. The
 * caller gives the box its size and shape (`className`).
 */
export function DurationThumbnail({
  item,
  className,
}: {
  item: Pick<ContentJson, "type" | "thumbnail_url" | "duration">;
  className: string;
}) {
  return (
    <div className={`relative shrink-0 overflow-hidden rounded-lg bg-slate-800 ${className}`}>
      <ContentThumbnail item={item} className="absolute inset-0" />
      <span className="absolute right-1 bottom-1 rounded bg-slate-950/85 px-1 text-[11px] font-medium tabular-nums text-slate-100">
        <span className="sr-only">Duration </span>
        {formatDuration(item.duration)}
      </span>
    </div>
  );
}
