import type { EarnBlock } from "../../../common/media-floor";
import { finalizeUpload } from "../../lib/content-api";
import { generateVideoThumbnail } from "../../lib/thumbnail";
import { uploadFile } from "../../lib/upload-file";
import type { VisibilityRequest } from "../visibility/visibility-choice";
import { pacedSteps, type Progress } from "./progress-steps";
import { asThumbnailFile, finalizeRequest, mediaTypeOf, type UploadDetails } from "./upload-rules";

// The upload sequences of the two upload screens; each reports the progress steps of docs/product-spec.md §4, paced so
// that every step is seen.

/** `publishing`: who may see it (docs/decisions/094), public when left out; `draft`: saved as a draft instead. */
export type SingleUpload = UploadDetails & {
  file: File;
  thumbnail: Blob | null;
  publishing?: VisibilityRequest;
  draft?: boolean;
};

/** What a finished upload resolves to: the new item, and why it cannot earn (null when it can; docs/decisions/063). */
export type Published = { id: string; earnBlock: EarnBlock | null };

/** Single upload: 0, 33 after the media, 50 after the thumbnail, 75 after finalize, 100. */
export async function publishSingle(
  upload: SingleUpload,
  onProgress: Progress,
  signal?: AbortSignal,
): Promise<Published> {
  const steps = pacedSteps(onProgress, signal);
  await steps.step(0);
  // The media is most of the wait, so the bar also creeps within its first third.
  const key = await uploadFile(upload.file, { signal, onProgress: (f) => steps.creep(Math.floor(f * 32)) });
  await steps.step(33);
  const thumbnailKey = upload.thumbnail
    ? await uploadFile(asThumbnailFile(upload.thumbnail, upload.file.name), { signal })
    : undefined;
  await steps.step(50);
  const created = await finalizeUpload({
    ...finalizeRequest({ key, file: upload.file, thumbnailKey }, upload),
    ...(upload.draft ? { draft: true } : upload.publishing),
  });
  await steps.step(75);
  await steps.step(100);
  // An answer without the verdict (a server older than the page) is taken as one that earns.
  return { id: created.id, earnBlock: created.earn_block ?? null };
}

export type BulkUpload = UploadDetails & { file: File; thumbnailFile: File | null; publishing?: VisibilityRequest };

/** Bulk row: 0, 25 once signed (creeping to 50 with the bytes), 50, 75 after the thumbnail step, 100. */
export async function publishBulkItem(
  upload: BulkUpload,
  onProgress: Progress,
  signal?: AbortSignal,
): Promise<Published> {
  const steps = pacedSteps(onProgress, signal);
  await steps.step(0);
  const key = await uploadFile(upload.file, {
    signal,
    onSigned: () => steps.step(25),
    onProgress: (f) => steps.creep(25 + Math.floor(f * 24)),
  });
  await steps.step(50);
  const thumbnailKey = await bulkThumbnail(upload, signal);
  await steps.step(75);
  const created = await finalizeUpload({
    ...finalizeRequest({ key, file: upload.file, thumbnailKey }, upload),
    ...upload.publishing,
  });
  await steps.step(100);
  // An answer without the verdict (a server older than the page) is taken as one that earns.
  return { id: created.id, earnBlock: created.earn_block ?? null };
}

// A chosen image must arrive (the user asked for it); a generated one is a nicety, so failing to make
// it leaves the item without a thumbnail, which the profile page can generate later.
async function bulkThumbnail(upload: BulkUpload, signal?: AbortSignal): Promise<string | undefined> {
  if (upload.thumbnailFile) {
    return uploadFile(asThumbnailFile(upload.thumbnailFile, upload.file.name), { signal });
  }
  if (mediaTypeOf(upload.file) !== "video") return undefined;
  try {
    const frame = await generateVideoThumbnail(upload.file, "profile");
    return await uploadFile(asThumbnailFile(frame, upload.file.name), { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn(`No thumbnail for ${upload.file.name}:`, error);
    return undefined;
  }
}
