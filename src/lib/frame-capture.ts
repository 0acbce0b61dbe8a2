// Drawing one video frame into a JPEG, for the thumbnails taken automatically (src/lib/thumbnail.ts) and the
// frame a creator picks (docs/decisions/050). Same origin only: a blob: URL of a picked file or our own stream,
// so the canvas is never tainted.

type FrameBox = { width: number; height: number };

/** The frame a creator picks: sharp on a large card, well under the 10 MiB thumbnail limit as a JPEG. */
const PICKED_FRAME_BOX: FrameBox = { width: 1280, height: 720 };
const PICKED_FRAME_QUALITY = 0.85;

/** Scales a frame down to fit `box`, keeping its aspect ratio and never enlarging it. */
export function fitFrame(width: number, height: number, box: FrameBox): FrameBox {
  const scale = Math.min(1, box.width / width, box.height / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** The frame the video shows now, as a JPEG no larger than `box`. */
export function captureFrame(
  video: HTMLVideoElement,
  box: FrameBox = PICKED_FRAME_BOX,
  quality = PICKED_FRAME_QUALITY,
): Promise<Blob> {
  return new Promise<Blob>((resolve, reject) => {
    const failed = () => reject(new Error("Failed to generate thumbnail blob"));
    const { width, height } = fitFrame(video.videoWidth, video.videoHeight, box);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context || !width || !height) return failed();
    context.drawImage(video, 0, 0, width, height);
    canvas.toBlob((blob) => (blob ? resolve(blob) : failed()), "image/jpeg", quality);
  });
}
