import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StoryboardJson } from "../../../common/schemas/storyboards";
import { makeContent } from "../../test/content-fixtures";
import { PLAYER_PREFS_KEY, usePlayerPrefs } from "../../stores/player-prefs";
import { MediaPlayer } from "./media-player";
import { SeekBar } from "./seek-bar";

// Seek previews, picture-in-picture, theatre mode and loop (docs/decisions/102).

const BOARD: StoryboardJson = {
  url: "/api/content/x/storyboard?v=1",
  interval_ms: 2000,
  columns: 10,
  rows: 5,
  frame_width: 160,
  frame_height: 90,
  count: 50,
};

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, "play");
  vi.spyOn(HTMLMediaElement.prototype, "pause");
});

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, "pictureInPictureEnabled");
});

/** The bar's track as 400 px wide from the left edge (happy-dom lays nothing out). */
function renderBar(storyboard: StoryboardJson | null) {
  render(<SeekBar currentTime={0} duration={100} onSeek={() => {}} storyboard={storyboard} />);
  const track = screen.getByRole("slider", { name: "Seek" }).parentElement!;
  vi.spyOn(track, "getBoundingClientRect").mockReturnValue({ left: 0, width: 400, top: 0, height: 6 } as DOMRect);
  return track;
}

describe("seek previews", () => {
  it("shows the frame at the pointer's time with the time, hidden from screen readers, and leaves with the pointer", () => {
    const track = renderBar(BOARD);
    expect(screen.queryByTestId("seek-preview")).toBeNull();
    fireEvent.pointerMove(track, { clientX: 200, pointerType: "mouse" });
    const preview = screen.getByTestId("seek-preview");
    expect(preview.getAttribute("aria-hidden")).toBe("true");
    expect(preview.textContent).toContain("0:50");
    // 50 s is frame 25: column 5, row 2 of the sprite.
    const frame = screen.getByTestId("seek-preview-frame");
    expect(frame.dataset.frame).toBe("25");
    expect(frame.style.backgroundPosition).toBe("-800px -180px");
    expect(frame.style.backgroundImage).toContain(BOARD.url);
    // Centred on the pointer.
    expect(preview.style.left).toBe("120px");
    // The slider keeps saying only the playing position.
    expect(screen.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuetext")).toBe("0:00 of 1:40");
    fireEvent.pointerLeave(track);
    expect(screen.queryByTestId("seek-preview")).toBeNull();
  });

  it("stays inside the bar at both ends, and shows the last frame at the very end", () => {
    const track = renderBar(BOARD);
    fireEvent.pointerMove(track, { clientX: 5 });
    expect(screen.getByTestId("seek-preview").style.left).toBe("0px");
    expect(screen.getByTestId("seek-preview").textContent).toContain("0:01");
    fireEvent.pointerMove(track, { clientX: 460 });
    expect(screen.getByTestId("seek-preview").style.left).toBe("240px");
    expect(screen.getByTestId("seek-preview-frame").dataset.frame).toBe("49");
    expect(screen.getByTestId("seek-preview").textContent).toContain("1:40");
  });

  it("without seek previews shows the time alone; a touch drag shows it until the finger lifts", () => {
    const track = renderBar(null);
    fireEvent.pointerDown(track, { clientX: 100, pointerType: "touch" });
    expect(screen.getByTestId("seek-preview").textContent).toContain("0:25");
    expect(screen.queryByTestId("seek-preview-frame")).toBeNull();
    fireEvent.pointerMove(track, { clientX: 300, pointerType: "touch" });
    expect(screen.getByTestId("seek-preview").textContent).toContain("1:15");
    fireEvent.pointerUp(track, { clientX: 300, pointerType: "touch" });
    expect(screen.queryByTestId("seek-preview")).toBeNull();
  });
});

function renderPlayer(props: Partial<Parameters<typeof MediaPlayer>[0]> = {}, type: "video" | "audio" = "video") {
  const content = makeContent({ type, title: "Night Drive" });
  const view = render(<MediaPlayer content={content} {...props} />);
  const media = view.container.querySelector(type) as HTMLMediaElement;
  Object.defineProperty(media, "duration", { configurable: true, value: 100 });
  fireEvent(media, new Event("loadedmetadata"));
  return media;
}

const press = (key: string) => fireEvent.keyDown(document.body, { key });

describe("player extras", () => {
  it("Loop: pressed, an end is told as the loop's end (not onEnded) and the media plays again from 0", () => {
    const onEnded = vi.fn();
    const onLoopEnd = vi.fn();
    const media = renderPlayer({ onEnded, onLoopEnd });
    const loop = screen.getByRole("button", { name: "Loop" });
    expect(loop.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(loop);
    expect(loop.getAttribute("aria-pressed")).toBe("true");
    media.currentTime = 100;
    fireEvent(media, new Event("ended"));
    expect(onLoopEnd).toHaveBeenCalledTimes(1);
    expect(onEnded).not.toHaveBeenCalled();
    expect(media.currentTime).toBe(0);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();

    fireEvent.click(loop);
    fireEvent(media, new Event("ended"));
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(onLoopEnd).toHaveBeenCalledTimes(1);
  });

  it("picture-in-picture: no button where the browser has none; where it has, the button and i ask for it", () => {
    renderPlayer();
    expect(screen.queryByRole("button", { name: "Picture-in-picture" })).toBeNull();
  });

  it("picture-in-picture where the browser offers it", () => {
    Object.defineProperty(document, "pictureInPictureEnabled", { configurable: true, value: true });
    const request = vi.fn(() => Promise.resolve({} as PictureInPictureWindow));
    Object.defineProperty(HTMLVideoElement.prototype, "requestPictureInPicture", {
      configurable: true,
      value: request,
    });
    const media = renderPlayer();
    fireEvent.click(screen.getByRole("button", { name: "Picture-in-picture" }));
    expect(request).toHaveBeenCalledTimes(1);
    press("i");
    expect(request).toHaveBeenCalledTimes(2);
    fireEvent(media, new Event("enterpictureinpicture"));
    expect(screen.getByRole("button", { name: "Exit picture-in-picture" })).toBeVisible();
    fireEvent(media, new Event("leavepictureinpicture"));
    expect(screen.getByRole("button", { name: "Picture-in-picture" })).toBeVisible();
    Reflect.deleteProperty(HTMLVideoElement.prototype, "requestPictureInPicture");
  });

  it("audio has no picture-in-picture, even where the browser offers it", () => {
    Object.defineProperty(document, "pictureInPictureEnabled", { configurable: true, value: true });
    renderPlayer({}, "audio");
    expect(screen.queryByRole("button", { name: "Picture-in-picture" })).toBeNull();
    press("i");
  });

  it("theatre mode: a button and t where the page offers it, none otherwise", () => {
    const toggle = vi.fn();
    renderPlayer({ theatre: { active: false, toggle } });
    fireEvent.click(screen.getByRole("button", { name: "Theatre mode" }));
    press("t");
    expect(toggle).toHaveBeenCalledTimes(2);
  });

  it("no theatre button (and t does nothing) where the page offers none", () => {
    renderPlayer();
    expect(screen.queryByRole("button", { name: "Theatre mode" })).toBeNull();
    expect(fireEvent.keyDown(document.body, { key: "t" })).toBe(true);
  });

  it("the shortcuts list names i and t", () => {
    renderPlayer();
    fireEvent.click(screen.getByRole("button", { name: "Keyboard shortcuts" }));
    expect(screen.getByText("Picture-in-picture (video, where the browser offers it)")).toBeVisible();
    expect(screen.getByText("Theatre mode (wide windows)")).toBeVisible();
  });

  it("theatre mode is remembered in this browser", () => {
    usePlayerPrefs.setState({ theatre: false });
    usePlayerPrefs.getState().toggleTheatre();
    expect(JSON.parse(localStorage.getItem(PLAYER_PREFS_KEY)!).state.theatre).toBe(true);
    usePlayerPrefs.getState().toggleTheatre();
    expect(JSON.parse(localStorage.getItem(PLAYER_PREFS_KEY)!).state.theatre).toBe(false);
  });
});
