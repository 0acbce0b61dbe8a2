import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { inlineVast, stubNetwork, watchPixels } from "../../test/vast-feeds";
import { AdOverlay } from "./ad-overlay";
import { passSeconds } from "../../test/timers";

const feedUrl = `${window.location.origin}/ads/feed.xml`;
const adNetwork = { "GET /ads/feed.xml": { body: inlineVast() }, "HEAD /ads/ad.mp4": { status: 200 } };

// happy-dom's media elements load nothing; play/pause flip `paused` and fire their events.
let play: ReturnType<typeof vi.spyOn>;
let pause: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  play = vi.spyOn(HTMLMediaElement.prototype, "play");
  pause = vi.spyOn(HTMLMediaElement.prototype, "pause");
});

afterEach(() => {
  vi.useRealTimers();
});

function renderAd(contentType: "video" | "audio" = "video", position: "pre" | "post" = "pre") {
  const onDone = vi.fn();
  render(<AdOverlay feedUrl={feedUrl} position={position} contentType={contentType} onDone={onDone} />);
  return onDone;
}

/**
 * Lets the (stubbed) network answer and React render. Under fake timers Testing Library's findBy* never
 * polls, and loading an ad needs no timer, only promise turns.
 */
async function settle() {
  for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(0));
}

/** The ad loaded and started: its label and <video> show. */
async function adPlaying() {
  await settle();
  const video = screen.getByRole("region", { name: "Advertisement" }).querySelector("video")!;
  expect(video.getAttribute("src")).toBe(`${window.location.origin}/ads/ad.mp4`);
  expect(video.paused).toBe(false);
  return video;
}

describe("AdOverlay", () => {
  it("shows 'Advertisement' and counts down 5 seconds before 'Skip Ad'; skipping ends the break", async () => {
    const pixels = watchPixels();
    stubNetwork(adNetwork);
    const onDone = renderAd();
    expect(screen.getByText("Loading advertisement…")).toBeVisible();
    const video = await adPlaying();
    expect(within(screen.getByRole("region", { name: "Advertisement" })).getByText("Advertisement")).toBeVisible();
    expect(screen.getByText("Skip in 5")).toBeVisible();
    await passSeconds(1);
    expect(screen.getByText("Skip in 4")).toBeVisible();
    await passSeconds(3);
    expect(screen.getByText("Skip in 1")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Skip Ad" })).toBeNull();
    await passSeconds(1);
    expect(screen.queryByText(/Skip in/)).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Skip Ad" }));
    expect(onDone).toHaveBeenCalledExactlyOnceWith("skipped");
    expect(video.paused).toBe(true);
    expect(pixels.map((p) => new URL(p).searchParams.get("event"))).toEqual(["impression", "skip"]);
  });

  it("ends the break as complete when the ad plays to its end", async () => {
    const pixels = watchPixels();
    stubNetwork(adNetwork);
    const onDone = renderAd();
    const video = await adPlaying();
    fireEvent(video, new Event("ended"));
    expect(onDone).toHaveBeenCalledExactlyOnceWith("complete");
    expect(pixels.at(-1)).toBe(`${window.location.origin}/api/ads/track?event=complete`);
  });

  it("tells the feed's beacons which break this is (VAST BREAKPOSITION: 1 pre-roll, 3 post-roll)", async () => {
    const track = (event: string) => `/api/ads/track?event=${event}&ad=test-ad&position=[BREAKPOSITION]`;
    const feed = inlineVast({ tracking: { impression: track("impression"), complete: track("complete") } });
    const pixels = watchPixels();
    for (const [position, code] of [
      ["pre", "1"],
      ["post", "3"],
    ] as const) {
      pixels.length = 0;
      stubNetwork({ ...adNetwork, "GET /ads/feed.xml": { body: feed } });
      const { unmount } = render(
        <AdOverlay feedUrl={feedUrl} position={position} contentType="video" onDone={() => {}} />,
      );
      fireEvent(await adPlaying(), new Event("ended"));
      expect(
        pixels.map((p) => [new URL(p).searchParams.get("event"), new URL(p).searchParams.get("position")]),
      ).toEqual([
        ["impression", code],
        ["complete", code],
      ]);
      unmount();
    }
  });

  it("on a failed ad says 'Advertisement Unavailable' and goes on to the content after 1.5 s", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    stubNetwork({ "GET /ads/feed.xml": { status: 500 } });
    const onDone = renderAd();
    await settle();
    const alert = screen.getByRole("alert");
    expect(within(alert).getByText("Advertisement Unavailable")).toBeVisible();
    expect(within(alert).getByText("Unable to load the advertisement. Proceeding to your content.")).toBeVisible();
    expect(warn).toHaveBeenCalledWith("Advertisement unavailable: VAST fetch failed with status 500");
    await act(() => vi.advanceTimersByTime(1499));
    expect(onDone).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledExactlyOnceWith("error");
  });

  it("goes on at once with 'Continue to Content', and only once", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    stubNetwork({ "GET /ads/feed.xml": { body: "<VAST version='3.0'><Ad><InLine><Creatives/></InLine></Ad></VAST>" } });
    const onDone = renderAd();
    await settle();
    fireEvent.click(screen.getByRole("button", { name: "Continue to Content" }));
    expect(onDone).toHaveBeenCalledExactlyOnceWith("error");
    await passSeconds(2);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("treats media that cannot play as a failed ad", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    stubNetwork(adNetwork);
    const onDone = renderAd();
    const video = await adPlaying();
    fireEvent(video, new Event("error"));
    expect(screen.getByText("Advertisement Unavailable")).toBeVisible();
    expect(warn).toHaveBeenCalledWith("Advertisement unavailable: The ad media could not be played");
    await act(() => vi.advanceTimersByTime(1500));
    expect(onDone).toHaveBeenCalledExactlyOnceWith("error");
  });

  it("on a click pauses the ad, opens the advertiser in a new tab, and resumes where it was", async () => {
    const pixels = watchPixels();
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    stubNetwork(adNetwork);
    const onDone = renderAd();
    const video = await adPlaying();
    await passSeconds(2);
    video.currentTime = 2.5;

    fireEvent.click(screen.getByRole("button", { name: "Visit advertiser (opens in a new tab)" }));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(video.paused).toBe(true);
    expect(open).toHaveBeenCalledExactlyOnceWith("https://sponsor.example.com/landing", "_blank", "noopener");
    const events = () => pixels.map((p) => new URL(p).searchParams.get("event"));
    expect(events()).toEqual(["impression", "pause", "click"]);
    const prompt = screen.getByRole("dialog", { name: "Continue Watching?" });

    // The skip countdown waits with the ad.
    await passSeconds(5);
    expect(screen.getByText("Skip in 3")).toBeVisible();

    video.currentTime = 0;
    play.mockClear();
    fireEvent.click(within(prompt).getByRole("button", { name: "Resume" }));
    expect(video.currentTime).toBe(2.5);
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(events()).toEqual(["impression", "pause", "click", "resume"]);
    await passSeconds(3);
    expect(screen.getByRole("button", { name: "Skip Ad" })).toBeVisible();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("asks 'Continue Listening?' when the content is audio", async () => {
    vi.spyOn(window, "open").mockImplementation(() => null);
    stubNetwork(adNetwork);
    renderAd("audio");
    await adPlaying();
    fireEvent.click(screen.getByRole("button", { name: "Visit advertiser (opens in a new tab)" }));
    expect(screen.getByRole("dialog", { name: "Continue Listening?" })).toBeVisible();
  });

  it("has nothing to click through to when the ad has no link", async () => {
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    stubNetwork({ ...adNetwork, "GET /ads/feed.xml": { body: inlineVast({ clickThrough: "" }) } });
    renderAd();
    const video = await adPlaying();
    fireEvent.click(video);
    expect(screen.queryByRole("button", { name: "Visit advertiser (opens in a new tab)" })).toBeNull();
    expect(open).not.toHaveBeenCalled();
    expect(video.paused).toBe(false);
  });

  it("plays muted, with an Unmute button, when the browser refuses sound", async () => {
    play.mockImplementationOnce(() => Promise.reject(new DOMException("no gesture", "NotAllowedError")));
    stubNetwork(adNetwork);
    renderAd();
    const video = await adPlaying();
    expect(video.muted).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Unmute ad" }));
    expect(video.muted).toBe(false);
    expect(screen.getByRole("button", { name: "Mute ad" })).toBeVisible();
  });

  it("keeps keys pressed on the ad away from the content player's shortcuts", async () => {
    stubNetwork(adNetwork);
    const onKeyDown = vi.fn();
    render(
      <div onKeyDown={onKeyDown}>
        <AdOverlay feedUrl={feedUrl} position="pre" contentType="video" onDone={() => {}} />
      </div>,
    );
    await adPlaying();
    fireEvent.keyDown(screen.getByRole("button", { name: "Mute ad" }), { key: "k" });
    expect(onKeyDown).not.toHaveBeenCalled();
  });
});
