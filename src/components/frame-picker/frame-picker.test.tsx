import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ContentJson } from "../../../common/schemas/content";
import { useAuth } from "../../stores/auth";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { ava } from "../../test/fixtures";
import { mp3File, mp4File } from "../../test/media-files";
import { renderApp } from "../../test/render-route";
import { signUpload } from "../../test/upload-fixtures";
import { stubXhr } from "../../test/xhr";
import { ThumbnailActions } from "../profile/thumbnail-actions";

// Choosing a frame as the thumbnail (docs/decisions/050), at upload and in the profile. happy-dom can neither
// decode video nor draw, so the test plays the video element's events itself and stubs only the canvas; the
// frame then goes through our real upload code (sign, PUT, finalize or PATCH) to the stubbed network.

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

/** The browser's canvas: records the size drawn at and what toBlob was asked for, and yields a JPEG. */
function stubCanvas() {
  const drawnAt: Array<[number, number]> = [];
  const encoded: Array<[string | undefined, number | undefined]> = [];
  const context = function (this: HTMLCanvasElement) {
    const { width, height } = this;
    return { drawImage: () => drawnAt.push([width, height]) } as unknown as CanvasRenderingContext2D;
  };
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
    context as unknown as HTMLCanvasElement["getContext"],
  );
  vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation((callback, type, quality) => {
    encoded.push([type, quality as number | undefined]);
    callback(new Blob([JPEG], { type: "image/jpeg" }));
  });
  return { drawnAt, encoded };
}

/** The picker's video loads a 1920×1080 clip of `duration` seconds and lands on the slider's position. */
function loadPickerVideo(duration = 30) {
  const dialog = screen.getByRole("dialog", { name: "Choose a frame" });
  const video = dialog.querySelector("video")!;
  Object.defineProperties(video, {
    duration: { configurable: true, value: duration },
    videoWidth: { configurable: true, value: 1920 },
    videoHeight: { configurable: true, value: 1080 },
  });
  fireEvent(video, new Event("loadedmetadata"));
  fireEvent(video, new Event("seeked"));
  return { dialog, video };
}

/** Scrubs to `seconds` and waits for the frame there. */
function scrubTo(dialog: HTMLElement, video: HTMLVideoElement, seconds: number) {
  fireEvent.change(within(dialog).getByLabelText("Frame position"), { target: { value: String(seconds) } });
  expect(video.currentTime).toBe(seconds);
  expect(within(dialog).getByRole("button", { name: "Use this frame" })).toHaveProperty("disabled", true);
  fireEvent(video, new Event("seeked"));
}

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

describe("choosing a frame at upload", () => {
  it("uploads the chosen frame through the thumbnail path and finalizes with its key", async () => {
    const { drawnAt, encoded } = stubCanvas();
    const fetchMock = stubFetch({
      "POST /api/uploads/sign": signUpload(),
      "POST /api/content/finalize": { status: 201, body: { id: "new-item" } },
    });
    const puts = stubXhr();
    renderApp("/upload");
    fireEvent.change(await screen.findByLabelText(/Media file/), { target: { files: [mp4File("harbour walk.mp4")] } });
    fireEvent.click(await screen.findByRole("button", { name: "Choose a frame" }));

    const { dialog, video } = loadPickerVideo(30);
    expect(video.getAttribute("src")).toMatch(/^blob:/);
    // It opens at the automatic thumbnail's position, then the creator scrubs.
    expect(video.currentTime).toBe(2);
    scrubTo(dialog, video, 12.5);
    fireEvent.click(within(dialog).getByRole("button", { name: "Use this frame" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(drawnAt).toEqual([[1280, 720]]);
    expect(encoded).toEqual([["image/jpeg", 0.85]]);
    expect(await screen.findByRole("img", { name: "Chosen thumbnail" })).toBeVisible();

    fireEvent.click(screen.getByRole("button", { name: "Upload" }));
    await waitFor(() => expect(bodiesOf(fetchMock, "POST /api/content/finalize")).toHaveLength(1), { timeout: 8000 });
    expect(puts.map((put) => put.url)).toEqual(["/put/harbour walk.mp4", "/put/thumb_harbour walk.jpg"]);
    expect(puts[1].body).toBeInstanceOf(File);
    expect(new Uint8Array(await (puts[1].body as File).arrayBuffer())).toEqual(JPEG);
    expect(bodiesOf(fetchMock, "POST /api/content/finalize")[0]).toMatchObject({
      thumbnail_key: "k/thumb_harbour walk.jpg",
    });
  }, 15_000);

  it("is not offered for audio", async () => {
    renderApp("/upload");
    fireEvent.change(await screen.findByLabelText(/Media file/), { target: { files: [mp3File("night.mp3")] } });
    await screen.findByLabelText(/Thumbnail image/);
    expect(screen.queryByRole("button", { name: "Choose a frame" })).toBeNull();
  });

  it("closes without a change on Cancel", async () => {
    const { drawnAt } = stubCanvas();
    renderApp("/upload");
    fireEvent.change(await screen.findByLabelText(/Media file/), { target: { files: [mp4File("harbour walk.mp4")] } });
    fireEvent.click(await screen.findByRole("button", { name: "Choose a frame" }));
    const { dialog } = loadPickerVideo();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(drawnAt).toEqual([]);
  });
});

describe("choosing a frame in the profile", () => {
  const item = { id: "c1", title: "City walk", type: "video", thumbnail_url: null } as ContentJson;
  const updated = { ...item, thumbnail_url: "/api/content/c1/thumbnail?v=3" };

  it("scrubs the item's own stream and sets the chosen frame with PATCH thumbnail", async () => {
    stubCanvas();
    const fetchMock = stubFetch({
      "POST /api/uploads/sign": signUpload("thumbs"),
      "PATCH /api/content/c1/thumbnail": { body: updated },
    });
    const puts = stubXhr();
    const onChange = vi.fn();
    render(<ThumbnailActions item={item} onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Choose a frame of City walk as its thumbnail" }));

    const { dialog, video } = loadPickerVideo(8);
    expect(video.getAttribute("src")).toBe("/api/content/c1/stream");
    expect(video.currentTime).toBeCloseTo(0.8);
    scrubTo(dialog, video, 5);
    fireEvent.click(within(dialog).getByRole("button", { name: "Use this frame" }));

    await waitFor(() => expect(onChange).toHaveBeenCalledWith(updated));
    expect(puts.map((put) => put.url)).toEqual(["/put/thumb_c1.jpg"]);
    expect(bodiesOf(fetchMock, "PATCH /api/content/c1/thumbnail")).toEqual([{ thumbnail_key: "thumbs/thumb_c1.jpg" }]);
  });

  it("is not offered for audio", () => {
    render(<ThumbnailActions item={{ ...item, type: "audio" }} onChange={vi.fn()} />);
    expect(screen.queryByRole("button", { name: /Choose a frame/ })).toBeNull();
  });
});
