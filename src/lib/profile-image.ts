import { PROFILE_IMAGES } from "../../common/profile";
import { THUMBNAIL_CONTENT_TYPES } from "../../common/uploads";
import type { ProfileImageSlot } from "./profile-api";
import { FileRefused } from "./upload-file";

// Avatars and banners are cropped and scaled here before they are uploaded (docs/decisions/091): the server keeps
// what arrives, after checking it is an image of an accepted type within the slot's size, as it does thumbnails.

const QUALITY = 0.85;
/** A picked file larger than a thumbnail may be is refused before it is decoded. */
const MAX_SOURCE_BYTES = 10 * 1024 * 1024;

type Crop = { sx: number; sy: number; sw: number; sh: number; width: number; height: number };

/**
 * The centre of the source that fills the target's shape, and the size to draw it at: the target size, or the
 * cropped source's own size when it is smaller (an image is never enlarged).
 */
export function coverCrop(srcWidth: number, srcHeight: number, target: { width: number; height: number }): Crop {
  const ratio = target.width / target.height;
  const sw = Math.min(srcWidth, Math.round(srcHeight * ratio));
  const sh = Math.min(srcHeight, Math.round(srcWidth / ratio));
  const scale = Math.min(1, target.width / sw);
  return {
    sx: Math.floor((srcWidth - sw) / 2),
    sy: Math.floor((srcHeight - sh) / 2),
    sw,
    sh,
    width: Math.max(1, Math.round(sw * scale)),
    height: Math.max(1, Math.round(sh * scale)),
  };
}

/** Why a picked file cannot be an avatar or banner, in words, or null. */
export function profileImageProblem(file: File): string | null {
  if (!(THUMBNAIL_CONTENT_TYPES as readonly string[]).includes(file.type))
    return "Choose a JPEG, PNG, WebP or GIF image.";
  if (file.size > MAX_SOURCE_BYTES) return "Choose an image of at most 10 MB.";
  return null;
}

/** The picked image cropped to the slot's shape and scaled down, as a JPEG file ready to upload. */
export async function prepareProfileImage(file: File, slot: ProfileImageSlot): Promise<File> {
  const problem = profileImageProblem(file);
  if (problem) throw new FileRefused(problem);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new FileRefused("This file could not be read as an image. Choose another one.");
  }
  const crop = coverCrop(bitmap.width, bitmap.height, PROFILE_IMAGES[slot]);
  const canvas = document.createElement("canvas");
  canvas.width = crop.width;
  canvas.height = crop.height;
  const context = canvas.getContext("2d");
  if (!context) throw new FileRefused("This browser could not prepare the image.");
  context.drawImage(bitmap, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, crop.width, crop.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", QUALITY));
  if (!blob) throw new FileRefused("This browser could not prepare the image.");
  return new File([blob], `${slot}.jpg`, { type: "image/jpeg" });
}
