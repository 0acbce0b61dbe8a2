import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeContent } from "../../test/content-fixtures";
import { MediaPlayer } from "./media-player";
import { stepSpeed } from "./playback-speed";

// The YouTube keys, the speed choice and the "?" list (docs/decisions/047). Keys are pressed on the page itself
// (document.body), as a viewer does without clicking into the player first.

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, "play");
  vi.spyOn(HTMLMediaElement.prototype, "pause");
});

function renderPlayer(props: { overlay?: React.ReactNode } = {}) {
  const content = makeContent({ type: "video", title: "Night Drive" });
  const view = render(
    <>
      <input aria-label="Elsewhere" />
      <MediaPlayer content={content} {...props} />
    </>,
  );
  const media = view.container.querySelector("video") as HTMLMediaElement;
  Object.defineProperty(media, "duration", { configurable: true, value: 200 });
  fireEvent(media, new Event("loadedmetadata"));
  return {
    media,
    rerender: (next: { overlay?: React.ReactNode }) =>
      view.rerender(
        <>
          <input aria-label="Elsewhere" />
          <MediaPlayer content={content} {...next} />
        </>,
      ),
  };
}

const press = (key: string, target: Element = document.body) => fireEvent.keyDown(target, { key });
const speed = () => screen.getByRole<HTMLSelectElement>("combobox", { name: "Playback speed" });

describe("player keys", () => {
  it("j and l jump 10 s back and forward, from anywhere on the page", () => {
    const { media } = renderPlayer();
    media.currentTime = 50;
    press("l");
    expect(media.currentTime).toBe(60);
    press("j");
    press("j");
    expect(media.currentTime).toBe(40);
    press("J");
    expect(media.currentTime).toBe(30);
  });

  it("0–9 go to 0–90 % of the item", () => {
    const { media } = renderPlayer();
    press("5");
    expect(media.currentTime).toBe(100);
    press("9");
    expect(media.currentTime).toBe(180);
    press("0");
    expect(media.currentTime).toBe(0);
  });

  it("< and > step the speed between 0.5× and 2×, no further, and the speed menu shows it", () => {
    const { media } = renderPlayer();
    press(">");
    expect(media.playbackRate).toBe(1.25);
    fireEvent(media, new Event("ratechange"));
    expect(speed().value).toBe("1.25");
    for (let i = 0; i < 6; i++) press(">");
    expect(media.playbackRate).toBe(2);
    for (let i = 0; i < 9; i++) press("<");
    expect(media.playbackRate).toBe(0.5);
  });

  it("the speed menu offers 0.5× to 2× and sets the media's rate", () => {
    const { media } = renderPlayer();
    const options = within(speed())
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(options).toEqual(["0.5×", "0.75×", "1×", "1.25×", "1.5×", "1.75×", "2×"]);
    expect(speed().value).toBe("1");
    fireEvent.change(speed(), { target: { value: "2" } });
    expect(media.playbackRate).toBe(2);
    // Keys pressed on the menu are the menu's own (arrows choose a speed there).
    media.currentTime = 20;
    press("l", speed());
    expect(media.currentTime).toBe(20);
  });

  it("steps from a speed set elsewhere to the nearest one in the list", () => {
    expect(stepSpeed(1.1, 1)).toBe(1.25);
    expect(stepSpeed(1.1, -1)).toBe(1);
    expect(stepSpeed(3, -1)).toBe(1.75);
    expect(stepSpeed(2, 1)).toBe(2);
  });

  it("c turns captions on and off when the media has them, and does nothing without", () => {
    const { media } = renderPlayer();
    expect(press("c")).toBe(true); // not handled: the browser's default goes ahead
    const track = { kind: "captions", mode: "disabled" } as TextTrack;
    Object.defineProperty(media, "textTracks", { configurable: true, value: [track] });
    expect(press("c")).toBe(false); // handled
    expect(track.mode).toBe("showing");
    press("c");
    expect(track.mode).toBe("hidden");
  });

  it("k and Space play and pause", () => {
    const { media } = renderPlayer();
    press("k");
    expect(media.play).toHaveBeenCalledTimes(1);
    press(" ");
    expect(media.pause).toHaveBeenCalledTimes(1);
  });

  it("never fire while typing in a field, with a modifier, or while a layer (an ad, Up Next) covers the media", () => {
    const { media, rerender } = renderPlayer();
    media.currentTime = 50;
    press("l", screen.getByRole("textbox", { name: "Elsewhere" }));
    press("5", screen.getByRole("textbox", { name: "Elsewhere" }));
    fireEvent.keyDown(document.body, { key: "l", ctrlKey: true });
    expect(media.currentTime).toBe(50);
    rerender({ overlay: <p>Advertisement</p> });
    press("l");
    press("k");
    expect(media.currentTime).toBe(50);
    expect(media.play).not.toHaveBeenCalled();
    // The list of keys still opens.
    press("?");
    expect(screen.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  });
});

describe("the shortcuts list", () => {
  it("opens with ? or its button, lists every key, and keys wait while it is open", () => {
    const { media } = renderPlayer();
    press("?");
    const dialog = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
    for (const what of [
      "Play or pause",
      "Back 10 seconds",
      "Forward 10 seconds",
      "Go to 0 % – 90 % of the item",
      "Slower",
      "Faster (up to 2×)",
      "Captions on or off, when the item has them",
    ]) {
      expect(within(dialog).getByText(what)).toBeVisible();
    }
    media.currentTime = 50;
    press("l");
    press("l", dialog);
    expect(media.currentTime).toBe(50);
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    press("l");
    expect(media.currentTime).toBe(60);

    act(() => screen.getByRole("button", { name: "Keyboard shortcuts" }).click());
    expect(screen.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  });
});
