import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ContentJson } from "../../../common/schemas/content";
import { expectConsoleError } from "../../test/console";
import { stubFetch } from "../../test/fetch";
import { fakeVideoFrames } from "../../test/video-frame";
import { stubXhr } from "../../test/xhr";
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

let alert: ReturnType<typeof stubBrowserDialogs>["alert"];
beforeEach(() => {
  ({ alert } = stubBrowserDialogs());
});

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
  ] as const)("alerts when %s", async (_case, how, routes, message) => {
    fakeVideoFrames();
    stubFetch(routes);
    stubXhr();
    const logged = expectConsoleError();
    const onChange = renderActions();
    if (how === "image") pickImage();
    else generate();
    await waitFor(() => expect(alert).toHaveBeenCalledWith(message));
    expect(logged).toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("alerts when no frame can be taken", async () => {
    fakeVideoFrames({ behaviour: "load-error" });
    const logged = expectConsoleError();
    renderActions();
    generate();
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Failed to generate thumbnail from video"));
    expect(String(logged.mock.calls[0][0])).toContain("Failed to load video");
  });
});
