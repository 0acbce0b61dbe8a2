// Thumbnails taken from a video frame (docs/product-spec.md §5 "Thumbnail generation", §9).

import { captureFrame, fitFrame } from "./frame-capture";

export type ThumbnailMode = "single" | "profile";

const BOX = { width: 640, height: 360 };
const JPEG_QUALITY = 0.8;
const TIMEOUT_MS = 10_000;

/** The frame to take: 2 s in, or earlier for short clips (half of it for single uploads, 10 % otherwise). */
export function thumbnailTime(duration: number, mode: ThumbnailMode): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(2, duration * (mode === "single" ? 0.5 : 0.1));
}

/** Scales a frame down to fit 640x360, keeping its aspect ratio and never enlarging it. */
export function thumbnailSize(width: number, height: number) {
  return fitFrame(width, height, BOX);
}

/**
 * Draws one frame of a video (a picked file, or a same-origin URL such as /api/content/{id}/stream)
 * into a JPEG. The video element is never attached to the page.
 */
export function generateVideoThumbnail(source: File | string, mode: ThumbnailMode): Promise<Blob> {
  const ownsUrl = typeof source !== "string";
  const url = typeof source === "string" ? source : URL.createObjectURL(source);
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.preload = "metadata";

  return new Promise<Blob>((resolve, reject) => {
    let settled = false;
    const finish = (result: Blob | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.onloadedmetadata = video.onseeked = video.onerror = null;
      // Drop the source so the browser stops fetching a stream we no longer need.
      video.removeAttribute("src");
      video.load();
      if (ownsUrl) URL.revokeObjectURL(url);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const timer = setTimeout(() => finish(new Error("Thumbnail generation timed out")), TIMEOUT_MS);

    video.onloadedmetadata = () => {
      video.currentTime = thumbnailTime(video.duration, mode);
    };
    video.onseeked = () => {
      captureFrame(video, BOX, JPEG_QUALITY).then(finish, finish);
    };
    video.onerror = () => finish(new Error("Failed to load video"));
    video.src = url;
  });
}
