import { storyboardPlan } from "../../common/storyboard";
import type { StoryboardBody } from "../../common/schemas/storyboards";
import { api } from "./api";
import { streamUrl } from "./content-api";
import { uploadFile } from "./upload-file";

// Seek previews made in the browser (docs/decisions/102): the item's own stream (same origin, so the canvas is never
// tainted) seeked frame by frame, as the frame picker does, drawn into one JPEG sprite, uploaded through the signed
// upload and attached to the item. Nothing waits on it: the upload's success screen and the studio show its status.

const JPEG_QUALITY = 0.7;
/** A frame that will not come (a stalled seek) stops the whole sprite rather than hanging the tab. */
const FRAME_TIMEOUT_MS = 15_000;

/** Seeks `video` to `seconds` and resolves once the frame is there. */
function seekTo(video: HTMLVideoElement, seconds: number) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => done(new Error("Seek previews: a frame took too long")), FRAME_TIMEOUT_MS);
    const done = (error?: Error) => {
      clearTimeout(timer);
      video.onseeked = video.onerror = null;
      if (error) reject(error);
      else resolve();
    };
    video.onseeked = () => done();
    video.onerror = () => done(new Error("Seek previews: the video could not be loaded"));
    video.currentTime = seconds;
  });
}

/** Loads `url`'s metadata in a detached, muted video element. */
function loadVideo(url: string) {
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.preload = "auto";
  return new Promise<HTMLVideoElement>((resolve, reject) => {
    video.onloadeddata = () => resolve(video);
    video.onerror = () => reject(new Error("Seek previews: the video could not be loaded"));
    video.src = url;
  });
}

/**
 * Draws the sprite for an item of `durationS` seconds: one frame every max(2 s, duration / 100), 160 × 90 each
 * (letterboxed), 10 across. `onProgress` hears the share of frames drawn. Returns the JPEG and its layout.
 */
async function drawStoryboard(
  source: string,
  durationS: number,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
) {
  const plan = storyboardPlan(Math.round(durationS * 1000));
  const video = await loadVideo(source);
  try {
    const canvas = document.createElement("canvas");
    canvas.width = plan.columns * plan.frameWidth;
    canvas.height = plan.rows * plan.frameHeight;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("Seek previews: this browser cannot draw them");
    context.fillStyle = "#000";
    context.fillRect(0, 0, canvas.width, canvas.height);
    const scale = Math.min(plan.frameWidth / (video.videoWidth || 1), plan.frameHeight / (video.videoHeight || 1));
    const w = Math.round(video.videoWidth * scale);
    const h = Math.round(video.videoHeight * scale);
    for (let i = 0; i < plan.count; i++) {
      // Stopped between frames (the bulk upload's screen was left): the stream is let go at once.
      signal?.throwIfAborted();
      // The middle of each interval, a little inside the end: a frame of what that stretch shows.
      const at = Math.min((i * plan.intervalMs + plan.intervalMs / 2) / 1000, Math.max(0, durationS - 0.1));
      await seekTo(video, at);
      const x = (i % plan.columns) * plan.frameWidth + (plan.frameWidth - w) / 2;
      const y = Math.floor(i / plan.columns) * plan.frameHeight + (plan.frameHeight - h) / 2;
      context.drawImage(video, x, y, w, h);
      onProgress?.((i + 1) / plan.count);
    }
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (b) => (b ? resolve(b) : reject(new Error("Seek previews: the image could not be made"))),
        "image/jpeg",
        JPEG_QUALITY,
      ),
    );
    return { blob, plan };
  } finally {
    video.removeAttribute("src");
    video.load();
  }
}

/**
 * Makes an item's seek previews from its stream and attaches them; `onProgress` from 0 to 1 (drawing, then sending).
 * `signal` stops it between frames or during the upload; nothing is attached then.
 */
export async function generateStoryboard(
  contentId: string,
  durationS: number,
  onProgress?: (f: number) => void,
  signal?: AbortSignal,
) {
  const { blob, plan } = await drawStoryboard(streamUrl(contentId), durationS, (f) => onProgress?.(f * 0.9), signal);
  const file = new File([blob], "seek-previews.jpg", { type: "image/jpeg" });
  const key = await uploadFile(file, { signal });
  onProgress?.(1);
  const body = {
    image_key: key,
    interval_ms: plan.intervalMs,
    columns: plan.columns,
    rows: plan.rows,
    frame_width: plan.frameWidth,
    frame_height: plan.frameHeight,
    count: plan.count,
  } satisfies StoryboardBody;
  return api.PUT("/api/content/{id}/storyboard", { params: { path: { id: contentId } }, body, signal });
}

export const removeStoryboard = (contentId: string) =>
  api.DELETE("/api/content/{id}/storyboard", { params: { path: { id: contentId } } });
