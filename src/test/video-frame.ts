import { vi } from "vitest";

type VideoBehaviour = "frame" | "load-error" | "hang";

/** Stands in for a <video> element: loads metadata when given a src, seeks when given a time. */
class FakeVideo {
  muted = false;
  playsInline = false;
  preload = "";
  onloadedmetadata: (() => void) | null = null;
  onloadeddata: (() => void) | null = null;
  onseeked: (() => void) | null = null;
  onerror: (() => void) | null = null;
  seeks: number[] = [];
  srcHistory: string[] = [];
  private currentSrc = "";

  constructor(
    readonly duration: number,
    readonly videoWidth: number,
    readonly videoHeight: number,
    private readonly behaviour: VideoBehaviour,
  ) {}

  get src() {
    return this.currentSrc;
  }
  set src(value: string) {
    this.currentSrc = value;
    this.srcHistory.push(value);
    if (this.behaviour === "hang") return;
    void Promise.resolve().then(() => {
      if (this.behaviour === "load-error") return this.onerror?.();
      this.onloadedmetadata?.();
      // The seek previews wait for the first frame (src/lib/storyboard.ts), the thumbnail for the metadata.
      this.onloadeddata?.();
    });
  }
  set currentTime(time: number) {
    this.seeks.push(time);
    void Promise.resolve().then(() => this.onseeked?.());
  }
  removeAttribute(name: string) {
    if (name === "src") this.currentSrc = "";
  }
  load() {}
}

/** Stands in for a <canvas>: records its size and what toBlob was asked for. */
class FakeCanvas {
  width = 0;
  height = 0;
  drawImage = vi.fn();
  toBlobArgs: [type?: string, quality?: number] = [];
  constructor(private readonly blob: Blob | null) {}
  fillRect = vi.fn();
  getContext() {
    return { drawImage: this.drawImage, fillRect: this.fillRect, fillStyle: "" };
  }
  toBlob(callback: (blob: Blob | null) => void, type?: string, quality?: number) {
    this.toBlobArgs = [type, quality];
    callback(this.blob);
  }
}

export type FakeFrameOptions = {
  duration?: number;
  width?: number;
  height?: number;
  behaviour?: VideoBehaviour;
  /** What canvas.toBlob yields; null simulates an encoder failure. */
  blob?: Blob | null;
};

/**
 * happy-dom cannot decode video or draw on a canvas, so video and canvas elements created by the
 * code under test are replaced with fakes; every other element is created as usual.
 */
export function fakeVideoFrames(options: FakeFrameOptions = {}) {
  const { duration = 10, width = 1920, height = 1080, behaviour = "frame" } = options;
  const blob = options.blob === undefined ? new Blob(["jpeg"], { type: "image/jpeg" }) : options.blob;
  const videos: FakeVideo[] = [];
  const canvases: FakeCanvas[] = [];
  const create = document.createElement.bind(document);
  vi.spyOn(document, "createElement").mockImplementation(((tag: string, init?: ElementCreationOptions) => {
    if (tag === "video") return videos[videos.push(new FakeVideo(duration, width, height, behaviour)) - 1];
    if (tag === "canvas") return canvases[canvases.push(new FakeCanvas(blob)) - 1];
    return create(tag, init);
  }) as typeof document.createElement);
  return { videos, canvases };
}
