import { act, fireEvent, renderHook, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useAdSequence } from "../../hooks/use-ad-sequence";
import type { AdSettings } from "../../lib/ads-api";
import { inlineVast, stubNetwork, watchPixels } from "../../test/vast-feeds";
import { useAuth } from "../../stores/auth";
import { usePlayerPrefs } from "../../stores/player-prefs";
import { expectConsoleError } from "../../test/console";
import { makeContent } from "../../test/content-fixtures";
import { ava } from "../../test/fixtures";
import { ContentPlayer } from "./content-player";
import { renderWithQueries } from "../../test/query-client";

const item = makeContent({ title: "Retrowave City", duration: 6 });
const next = makeContent({ title: "Night Drive" });

let play: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
  usePlayerPrefs.setState({ autoplayNext: false });
  play = vi.spyOn(HTMLMediaElement.prototype, "play");
});

const settings = (overrides: Partial<AdSettings> = {}): AdSettings => ({
  preroll_enabled: "false",
  postroll_enabled: "false",
  vast_url: "/ads/feed.xml",
  ...overrides,
});

/** The API and the ad server; returns every request and the playback events sent. */
function stubPage(
  adSettings: AdSettings | { status: number },
  feed: { status?: number; body?: string } = { body: inlineVast() },
) {
  const events: string[] = [];
  const network = stubNetwork({
    "GET /api/ad-settings":
      "status" in adSettings ? { status: adSettings.status, body: { error: "x" } } : { body: adSettings },
    [`GET /api/content/${item.id}/suggestions`]: { body: { suggestions: [next] } },
    "GET /ads/feed.xml": feed,
    "HEAD /ads/ad.mp4": { status: 200 },
    "POST /api/playback-events": () => (events.push("start"), { status: 201, body: { view_id: "v1" } }),
    "POST /api/events/playback": (_url, init) => {
      events.push(String(JSON.parse(String(init?.body)).event_type));
      return { body: { view_id: "v1", accepted: true, qualified: false } };
    },
  });
  return { events, requests: network.requests };
}

function renderPlayer() {
  renderWithQueries(
    <MemoryRouter initialEntries={[`/content/${item.id}`]}>
      <ContentPlayer content={item} />
    </MemoryRouter>,
  );
  const player = screen.getByRole("region", { name: "Video player: Retrowave City" });
  // The content's <video> comes first; an ad's sits in the overlay above it.
  const content = player.querySelector("video")!;
  Object.defineProperty(content, "duration", { configurable: true, value: 6 });
  return { player, content };
}

/** The ad settings answered: the player is no longer held. */
const settingsLoaded = () => waitFor(() => expect(screen.queryByText("Loading player…")).toBeNull());

describe("ContentPlayer sequence", () => {
  it("without ads: the content plays and is reported, and Up Next follows its end", async () => {
    const { events, requests } = stubPage(settings());
    const { content } = renderPlayer();
    await settingsLoaded();
    expect(screen.queryByRole("region", { name: "Advertisement" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    await waitFor(() => expect(events).toEqual(["start"]));
    content.currentTime = 6;
    fireEvent(content, new Event("timeupdate"));
    fireEvent(content, new Event("ended"));

    const upNext = await screen.findByRole("dialog", { name: "Up Next" });
    expect(within(upNext).getByRole("link", { name: /Night Drive/ })).toBeVisible();
    // Up Next stops above the control bar, which stays in reach (docs/decisions/098).
    expect(screen.getByRole("button", { name: "Play" }).closest("[inert]")).toBeNull();
    await waitFor(() => expect(events).toEqual(["start", "progress", "complete"]));
    expect(requests.some((r) => r.includes("/ads/feed.xml"))).toBe(false);
  });

  it("with a pre-roll: the content cannot start or report until the ad is over, then starts by itself", async () => {
    const { events } = stubPage(settings({ preroll_enabled: "true" }));
    const { player, content } = renderPlayer();
    const ad = await screen.findByRole("region", { name: "Advertisement" });
    const adVideo = ad.querySelector("video")!;

    // A keyboard shortcut on the player still reaches the content's element: it is held paused.
    fireEvent.keyDown(player, { key: "k" });
    expect(content.paused).toBe(true);
    // The controls behind the ad are inert: no tab stop on something the ad hides (docs/decisions/098).
    expect(screen.getByRole("button", { name: "Play", hidden: true }).closest("[inert]")).not.toBeNull();
    expect(content.closest("[inert]")).not.toBeNull();

    play.mockClear();
    fireEvent(adVideo, new Event("ended"));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Advertisement" })).toBeNull());
    expect(play.mock.contexts).toContain(content);
    expect(content.paused).toBe(false);
    await waitFor(() => expect(events).toEqual(["start"]));
    expect(screen.getByRole("button", { name: "Pause" }).closest("[inert]")).toBeNull();
  });

  it("after a failed pre-roll the content follows 'Continue to Content'", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    stubPage(settings({ preroll_enabled: "true" }), { status: 404 });
    const { content } = renderPlayer();
    fireEvent.click(await screen.findByRole("button", { name: "Continue to Content" }));
    expect(screen.queryByText("Advertisement Unavailable")).toBeNull();
    expect(content.paused).toBe(false);
  });

  it("with a post-roll: the ad plays after the content, then Up Next", async () => {
    const { events } = stubPage(settings({ postroll_enabled: "true" }));
    const { content } = renderPlayer();
    await settingsLoaded();
    expect(screen.queryByRole("region", { name: "Advertisement" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    await waitFor(() => expect(events).toEqual(["start"]));
    fireEvent(content, new Event("ended"));

    const ad = await screen.findByRole("region", { name: "Advertisement" });
    expect(screen.queryByRole("dialog", { name: "Up Next" })).toBeNull();
    fireEvent(ad.querySelector("video")!, new Event("ended"));
    expect(await screen.findByRole("dialog", { name: "Up Next" })).toBeVisible();
    // The content's own end sent its complete; the ad's playback was never reported as the content's.
    expect(events).toEqual(["start", "complete"]);
  });

  it("tells the feed's beacons which break an ad filled: BREAKPOSITION 1 before the content, 3 after", async () => {
    const pixels = watchPixels();
    const impression = "/api/ads/track?event=impression&ad=test-ad&position=[BREAKPOSITION]";
    stubPage(settings({ preroll_enabled: "true", postroll_enabled: "true" }), {
      body: inlineVast({ tracking: { impression } }),
    });
    const { content } = renderPlayer();
    const preroll = await screen.findByRole("region", { name: "Advertisement" });
    await waitFor(() => expect(pixels).toHaveLength(1));
    fireEvent(preroll.querySelector("video")!, new Event("ended"));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Advertisement" })).toBeNull());
    fireEvent(content, new Event("ended"));
    await screen.findByRole("region", { name: "Advertisement" });
    await waitFor(() => expect(pixels).toHaveLength(2));
    expect(pixels.map((p) => new URL(p).searchParams.get("position"))).toEqual(["1", "3"]);
  });

  it("plays the content without ads when the ad settings cannot be loaded", async () => {
    const consoleError = expectConsoleError();
    stubPage({ status: 500 });
    renderPlayer();
    await settingsLoaded();
    expect(String(consoleError.mock.calls[0][0])).toContain(
      "Failed to load ad settings: API responded with HTTP status 500",
    );
    expect(screen.queryByRole("region", { name: "Advertisement" })).toBeNull();
    expect(screen.getByRole("button", { name: "Play" })).toBeVisible();
  });

  it("holds the player while the ad settings load", () => {
    stubPage(settings());
    renderPlayer();
    expect(screen.getByRole("status").textContent).toBe("Loading player…");
  });
});

describe("useAdSequence", () => {
  const reporting = () => ({ onPlay: vi.fn(), onTimeUpdate: vi.fn(), onPause: vi.fn(), onEnded: vi.fn() });

  async function sequenceFor(contentId: string | undefined) {
    stubPage(settings());
    const calls = reporting();
    const hook = renderHook(() => useAdSequence({ contentId, player: { current: null }, reporting: calls }));
    await waitFor(() => expect(hook.result.current.phase).toBe("content"));
    act(() => hook.result.current.callbacks.onEnded());
    expect(calls.onEnded).toHaveBeenCalledTimes(1);
    return hook.result.current.phase;
  }

  it("shows Up Next after the content only when there is a content id", async () => {
    expect(await sequenceFor(item.id)).toBe("upnext");
    expect(await sequenceFor(undefined)).toBe("done");
  });

  it("reports nothing while the ad settings still load", () => {
    stubPage(settings());
    const calls = reporting();
    const pause = vi.fn();
    const player = { current: { play: vi.fn(), pause, seekTo: vi.fn(), media: () => null } };
    const hook = renderHook(() => useAdSequence({ contentId: item.id, player, reporting: calls }));
    hook.result.current.callbacks.onPlay();
    hook.result.current.callbacks.onTimeUpdate(1, 6);
    expect(calls.onPlay).not.toHaveBeenCalled();
    expect(calls.onTimeUpdate).not.toHaveBeenCalled();
    expect(pause).toHaveBeenCalledTimes(1);
  });
});

describe("ContentPlayer ?t= (docs/decisions/099)", () => {
  const renderAt = (startAt: number | null) => {
    renderWithQueries(
      <MemoryRouter initialEntries={[`/content/${item.id}`]}>
        <ContentPlayer content={{ ...item, resume_at_seconds: 2, resume_skips_preroll: false }} startAt={startAt} />
      </MemoryRouter>,
    );
    return screen.getByRole("region", { name: "Video player: Retrowave City" }).querySelector("video")!;
  };

  it("starts at the link's time, and the resume prompt does not override it", async () => {
    stubPage(settings());
    const media = renderAt(4);
    await settingsLoaded();
    expect(media.currentTime).toBe(4);
    expect(screen.queryByRole("group", { name: "Where to start" })).toBeNull();
  });

  it("ignores a time beyond the end: the resume prompt asks as usual", async () => {
    stubPage(settings());
    const media = renderAt(60);
    expect(media.currentTime).toBe(0);
    expect(await screen.findByRole("group", { name: "Where to start" })).toBeTruthy();
  });
});
