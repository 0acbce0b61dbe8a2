import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeContent } from "../../test/content-fixtures";
import { MediaPlayer } from "./media-player";

// happy-dom's media elements load nothing; play/pause only flip `paused` and fire their events.
// Spying keeps that behaviour and lets each test see what the player asked for.
let play: ReturnType<typeof vi.spyOn>;
let pause: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  play = vi.spyOn(HTMLMediaElement.prototype, "play");
  pause = vi.spyOn(HTMLMediaElement.prototype, "pause");
});

afterEach(() => {
  vi.useRealTimers();
});

function renderPlayer(type: "video" | "audio" = "video", callbacks = {}) {
  const content = makeContent({ type, title: "Night Drive" });
  const view = render(<MediaPlayer content={content} {...callbacks} />);
  const media = view.container.querySelector(type) as HTMLMediaElement;
  // Pretend the metadata arrived: 100 s long.
  Object.defineProperty(media, "duration", { configurable: true, value: 100 });
  fireEvent(media, new Event("loadedmetadata"));
  const player = screen.getByRole("region", { name: `${type === "video" ? "Video" : "Audio"} player: Night Drive` });
  return { content, media, player };
}

describe("MediaPlayer", () => {
  it("streams the item from the API, loading only its metadata up front", () => {
    const { content, media } = renderPlayer();
    expect(media.getAttribute("src")).toBe(`/api/content/${content.id}/stream`);
    expect(media.getAttribute("preload")).toBe("metadata");
    expect(screen.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuetext")).toBe("0:00 of 1:40");
  });

  it("plays and pauses with its button and reports play, time, pause and end to the page", () => {
    const onPlay = vi.fn();
    const onTimeUpdate = vi.fn();
    const onPause = vi.fn();
    const onEnded = vi.fn();
    const { media } = renderPlayer("video", { onPlay, onTimeUpdate, onPause, onEnded });
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(onPlay).toHaveBeenCalledTimes(1);
    media.currentTime = 42;
    fireEvent(media, new Event("timeupdate"));
    expect(onTimeUpdate).toHaveBeenCalledWith(42, 100);
    expect(screen.getByText("0:42 / 1:40")).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(onPause).toHaveBeenCalledTimes(1);
    fireEvent(media, new Event("ended"));
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it("answers keyboard shortcuts: space and k play/pause, arrows seek 5 s, m mutes", () => {
    const { media, player } = renderPlayer();
    fireEvent.keyDown(player, { key: " " });
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(player, { key: "k" });
    expect(pause).toHaveBeenCalledTimes(1);
    media.currentTime = 10;
    fireEvent.keyDown(player, { key: "ArrowRight" });
    expect(media.currentTime).toBe(15);
    fireEvent.keyDown(player, { key: "ArrowLeft" });
    fireEvent.keyDown(player, { key: "ArrowLeft" });
    expect(media.currentTime).toBe(5);
    fireEvent.keyDown(player, { key: "ArrowLeft" });
    expect(media.currentTime).toBe(0);
    fireEvent.keyDown(player, { key: "m" });
    expect(media.muted).toBe(true);
    fireEvent.keyDown(player, { key: "M" });
    expect(media.muted).toBe(false);
  });

  it("leaves keys alone while typing in a field and Space to a focused button", () => {
    const { player } = renderPlayer();
    const field = document.createElement("input");
    player.appendChild(field);
    fireEvent.keyDown(field, { key: "k" });
    fireEvent.keyDown(screen.getByRole("button", { name: "Mute" }), { key: " " });
    expect(play).not.toHaveBeenCalled();
  });

  it("asks for full screen with f and its button, for video only", () => {
    const { player } = renderPlayer("video");
    // The player's frame goes full screen (so our controls come along), not the bare <video>.
    const request = vi.fn(() => Promise.resolve());
    player.requestFullscreen = request;
    fireEvent.keyDown(player, { key: "f" });
    fireEvent.click(screen.getByRole("button", { name: "Full screen" }));
    expect(request).toHaveBeenCalledTimes(2);
  });

  it("shows the artwork for audio, without a full-screen control", () => {
    renderPlayer("audio");
    expect(screen.getByTestId("thumbnail-fallback")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Full screen" })).toBeNull();
  });

  it("hides the controls after 3 s without activity while playing, and shows them on mouse move", () => {
    vi.useFakeTimers();
    const { media, player } = renderPlayer();
    const controls = () => screen.getByRole("slider", { name: "Seek" }).closest("[data-state]")!;
    act(() => void media.play());
    act(() => void vi.advanceTimersByTime(2900));
    expect(controls().getAttribute("data-state")).toBe("visible");
    act(() => void vi.advanceTimersByTime(200));
    expect(controls().getAttribute("data-state")).toBe("hidden");
    fireEvent.pointerMove(player);
    expect(controls().getAttribute("data-state")).toBe("visible");
    act(() => void vi.advanceTimersByTime(3000));
    expect(controls().getAttribute("data-state")).toBe("hidden");
    act(() => media.pause());
    expect(controls().getAttribute("data-state")).toBe("visible");
  });
});
