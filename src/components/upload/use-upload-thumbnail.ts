import { useCallback, useEffect, useState } from "react";
import { generateVideoThumbnail } from "../../lib/thumbnail";
import { mediaTypeOf } from "./upload-rules";

export type UploadThumbnail = {
  image: Blob | null;
  /** Where the image came from: a video frame, or a picture the user chose. */
  origin: "generated" | "picked" | null;
  generating: boolean;
  /** Why no frame could be taken, for the user; they can still pick an image. */
  error: string | null;
};

const none: UploadThumbnail = { image: null, origin: null, generating: false, error: null };

/**
 * The single upload's thumbnail: for a video, a frame is taken as soon as the file is chosen
 * (docs/product-spec.md §2); the user may replace it with an image or remove it.
 */
export function useUploadThumbnail(file: File | null) {
  const isVideo = file !== null && mediaTypeOf(file) === "video";
  const [thumbnail, setThumbnail] = useState<UploadThumbnail>(isVideo ? { ...none, generating: true } : none);
  const [thumbnailOf, setThumbnailOf] = useState(file);

  // A new file starts over (generating for a video), adjusted while rendering so no frame shows the old image.
  if (thumbnailOf !== file) {
    setThumbnailOf(file);
    setThumbnail(isVideo ? { ...none, generating: true } : none);
  }

  useEffect(() => {
    if (!file || !isVideo) return;
    let current = true;
    // Only a generation still wanted lands: not after a new file, a picked image or a removal.
    const land = (next: UploadThumbnail) => {
      if (current) setThumbnail((state) => (state.generating ? next : state));
    };
    generateVideoThumbnail(file, "single").then(
      (image) => land({ ...none, image, origin: "generated" }),
      (error: unknown) => land({ ...none, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [file, isVideo]);

  const pick = useCallback((image: File) => setThumbnail({ ...none, image, origin: "picked" }), []);
  const remove = useCallback(() => setThumbnail(none), []);
  return { thumbnail, pick, remove };
}
