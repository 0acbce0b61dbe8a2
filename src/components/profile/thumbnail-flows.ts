import { setThumbnail, streamUrl } from "../../lib/content-api";
import { generateVideoThumbnail } from "../../lib/thumbnail";
import type { ContentJson } from "../../../common/schemas/content";
import { uploadFile } from "../../lib/upload-file";

// Replacing an item's thumbnail from the profile page. Each step fails with the alert text the
// spec gives for it (§8 "Content alerts"); the underlying error rides along as `cause`.

async function step<T>(alertText: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new Error(alertText, { cause: error });
  }
}

/** Uploads a picked image and makes it the item's thumbnail; resolves to the updated item. */
export async function thumbnailFromImage(item: ContentJson, image: File): Promise<ContentJson> {
  const named = new File([image], `thumb_${image.name}`, { type: image.type });
  const key = await step("Failed to upload thumbnail", () => uploadFile(named, {}));
  return step("Failed to update thumbnail", () => setThumbnail(item.id, key));
}

/** Takes a frame from the item's own video (docs/product-spec.md §5: min(2 s, 10 %)) and makes it the thumbnail. */
export async function thumbnailFromVideo(item: ContentJson): Promise<ContentJson> {
  const frame = await step("Failed to generate thumbnail from video", () =>
    generateVideoThumbnail(streamUrl(item.id), "profile"),
  );
  return thumbnailFromFrame(item, frame);
}

/** Uploads a frame (taken automatically, or chosen by the creator: docs/decisions/050) and makes it the thumbnail. */
export async function thumbnailFromFrame(item: ContentJson, frame: Blob): Promise<ContentJson> {
  const file = new File([frame], `thumb_${item.id}.jpg`, { type: "image/jpeg" });
  const key = await step("Failed to upload generated thumbnail", () => uploadFile(file, {}));
  return step("Failed to update thumbnail", () => setThumbnail(item.id, key));
}
