import { useState } from "react";
import type { ContentJson } from "../../lib/types";
import { TypeIcon } from "./type-icon";

type ContentThumbnailProps = {
  item: Pick<ContentJson, "type" | "thumbnail_url">;
  /** Cards load their images lazily; the player's artwork is above the fold and loads at once. */
  loading?: "lazy" | "eager";
  className?: string;
};

/**
 * The item's thumbnail, or an icon for its type when it has none or the image fails to load, so a
 * broken image never shows. The image is decorative: the title next to it names the item.
 */
export function ContentThumbnail({ item, loading = "lazy", className = "" }: ContentThumbnailProps) {
  // Remember which URL failed, so a new thumbnail (new URL) gets its own chance to load.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = item.thumbnail_url;
  if (url && url !== failedUrl) {
    return (
      <img
        src={url}
        alt=""
        loading={loading}
        decoding="async"
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
