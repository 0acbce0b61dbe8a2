import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ContentJson } from "../../../common/schemas/content";
import { expectConsoleError } from "../../test/console";
import { stubFetch } from "../../test/fetch";
import { fakeVideoFrames } from "../../test/video-frame";
import { stubXhr } from "../../test/xhr";
import { THUMBNAIL_REJECTED } from "../upload/upload-rules";
import { ThumbnailActions } from "./thumbnail-actions";
import { signUpload } from "../../test/upload-fixtures";
import { stubBrowserDialogs } from "../../test/browser-dialogs";

const video = {
  id: "c1",
  title: "City walk",
  type: "video",
  thumbnail_url: null,
} as ContentJson;
const updated = { ...video, thumbnail_url: "/api/content/c1/thumbnail?v=2" };
const signed = signUpload("thumbs");
const fail = { status: 500, body: {} };

/** A pointer that can hover (a mouse), or not (a touch screen): what `(hover: hover)` answers. */
function pointer(canHover: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query) =>
      ({
        matches: query === "(hover: hover)" ? canHover : false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

let alert: ReturnType<typeof stubBrowserDialogs>["alert"];
beforeEach(() => {
  ({ alert } = stubBrowserDialogs());
  pointer(true);
});
afterEach(() => vi.restoreAllMocks());

function renderActions(item: ContentJson = video) {
  const onChange = vi.fn();
  render(<ThumbnailActions item={item} onChange={onChange} />);
  return onChange;
}

const pickImage = () =>
  fireEvent.change(screen.getByLabelText("Upload a new thumbnail for City walk"), {
    target: { files: [new File(["jpg"], "cover.jpg", { type: "image/jpeg" })] },
  });
const generate = () => fireEvent.click(screen.getByRole("button", { name: /from the video/ }));

describe("thumbnail actions", () => {
  it("uploads a picked image with a thumb_ name and sets it", async () => {
    const fetchMock = stubFetch({
      "POST /api/uploads/sign": signed,
      "PATCH /api/content/c1/thumbnail": { body: updated },
    });
    const puts = stubXhr();
    const onChange = renderActions();
    pickImage();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(updated));
    expect(puts[0].url).toBe("/put/thumb_cover.jpg");
    const patch = fetchMock.mock.calls.find(([url]) => url === "/api/content/c1/thumbnail");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ thumbnail_key: "thumbs/thumb_cover.jpg" });
  });

  it("takes a frame from the item's stream at min(2 s, 10 %) and sets it", async () => {
    const { videos } = fakeVideoFrames({ duration: 12 });
    stubFetch({ "POST /api/uploads/sign": signed, "PATCH /api/content/c1/thumbnail": { body: updated } });
    const puts = stubXhr();
    const onChange = renderActions();
    generate();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(updated));
    expect(videos[0].srcHistory).toEqual(["/api/content/c1/stream"]);
    expect(videos[0].seeks[0]).toBeCloseTo(1.2);
    expect(puts[0].url).toBe("/put/thumb_c1.jpg");
  });

  it("offers no frame for audio", () => {
    renderActions({ ...video, type: "audio" });
    expect(screen.queryByRole("button", { name: /from the video/ })).toBeNull();
    expect(screen.getByLabelText("Upload a new thumbnail for City walk")).toBeVisible();
  });

  it.each([
    ["the image upload fails", "image", { "POST /api/uploads/sign": fail }, "Failed to upload thumbnail"],
    [
      "setting the image fails",
      "image",
      { "POST /api/uploads/sign": signed, "PATCH /api/content/c1/thumbnail": fail },
      "Failed to update thumbnail",
    ],
    ["the frame upload fails", "frame", { "POST /api/uploads/sign": fail }, "Failed to upload generated thumbnail"],
    [
      "setting the frame fails",
      "frame",
      { "POST /api/uploads/sign": signed, "PATCH /api/content/c1/thumbnail": fail },
      "Failed to update thumbnail",
    ],
  ] as const)("says under the thumbnail, never in a browser alert, when %s", async (_case, how, routes, message) => {
    fakeVideoFrames();
    stubFetch(routes);
    stubXhr();
    const logged = expectConsoleError();
    const onChange = renderActions();
    if (how === "image") pickImage();
    else generate();
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(alert).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("says so when no frame can be taken", async () => {
    fakeVideoFrames({ behaviour: "load-error" });
    const logged = expectConsoleError();
    renderActions();
    generate();
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to generate thumbnail from video");
    expect(alert).not.toHaveBeenCalled();
    expect(String(logged.mock.calls[0][0])).toContain("Failed to load video");
  });

  it("refuses a file that is no picture under the thumbnail, without sending it", () => {
    const fetchMock = stubFetch({});
    renderActions();
    fireEvent.change(screen.getByLabelText("Upload a new thumbnail for City walk"), {
      target: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] },
    });
    expect(screen.getByRole("alert").textContent).toBe(THUMBNAIL_REJECTED);
    expect(alert).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  // Issue: at 390 px on a touch screen the three actions covered every thumbnail (docs/decisions/103).
  it("on a touch screen keeps the thumbnail clear: a 'Thumbnail' button under it opens the actions below it", () => {
    pointer(false);
    const { container } = render(<ThumbnailActions item={video} onChange={vi.fn()} />);
    const picture = container.querySelector(".aspect-video")!;
    expect(screen.queryByLabelText("Upload a new thumbnail for City walk")).toBeNull();
    const toggle = screen.getByRole("button", { name: "Thumbnail of City walk" });
    expect(toggle.textContent).toBe("Thumbnail");
    expect(picture.contains(toggle)).toBe(false);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const menu = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    const upload = screen.getByLabelText("Upload a new thumbnail for City walk");
    const frame = screen.getByRole("button", { name: "Choose a frame of City walk as its thumbnail" });
    const fromVideo = screen.getByRole("button", { name: "Generate a thumbnail for City walk from the video" });
    for (const control of [upload, frame, fromVideo]) {
      expect(menu.contains(control)).toBe(true);
      expect(picture.contains(control)).toBe(false);
    }
    fireEvent.click(toggle);
    expect(screen.queryByLabelText("Upload a new thumbnail for City walk")).toBeNull();
  });

  it("where a pointer hovers, shows the actions over the thumbnail on hover or focus, with no menu button", () => {
    const { container } = render(<ThumbnailActions item={video} onChange={vi.fn()} />);
    const picture = container.querySelector(".aspect-video")!;
    expect(screen.queryByRole("button", { name: "Thumbnail of City walk" })).toBeNull();
    const overlay = picture.querySelector(".group-hover\\:opacity-100")!;
    expect(overlay.className).toContain("group-focus-within:opacity-100");
    expect(overlay.contains(screen.getByLabelText("Upload a new thumbnail for City walk"))).toBe(true);
  });
});
