import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PlaybackEventResponse, PlaybackStartResponse } from "../../../common/schemas/playback";
import { stubNetwork } from "../../test/vast-feeds";
import { useAuth } from "../../stores/auth";
import { usePlayerPrefs } from "../../stores/player-prefs";
import { expectConsoleError } from "../../test/console";
import { makeContent } from "../../test/content-fixtures";
import { ava } from "../../test/fixtures";
import { renderWithQueries } from "../../test/query-client";
import { ContentPlayer } from "./content-player";
import { playerReasonText } from "../../../common/earning-policy";

const item = makeContent({ title: "Retrowave City", duration: 60 });

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
  usePlayerPrefs.setState({ autoplayNext: false });
  vi.spyOn(HTMLMediaElement.prototype, "play");
});

type EventReply = Partial<PlaybackEventResponse> | { status: number };

/** No ads; the start answers `start`, each event the next of `replies` (the last one repeats). */
function stubPage(start: PlaybackStartResponse, replies: EventReply[] = []) {
  let n = 0;
  stubNetwork({
    "GET /api/ad-settings": {
      body: { preroll_enabled: "false", postroll_enabled: "false", vast_url: "/ads/feed.xml" },
    },
    [`GET /api/content/${item.id}/suggestions`]: { body: { suggestions: [] } },
    "POST /api/playback-events": { status: 201, body: start },
    "POST /api/events/playback": () => {
      const reply = replies[Math.min(n++, replies.length - 1)] ?? {};
      if ("status" in reply)
        return {
          status: reply.status,
          body: { error: "No playback session for this content; start playing it again" },
        };
      return { body: { view_id: "v1", accepted: true, qualified: false, counting: true, ...reply } };
    },
  });
}

async function play() {
  renderWithQueries(
    <MemoryRouter initialEntries={[`/content/${item.id}`]}>
      <ContentPlayer content={item} />
    </MemoryRouter>,
  );
  const content = screen.getByRole("region", { name: "Video player: Retrowave City" }).querySelector("video")!;
  Object.defineProperty(content, "duration", { configurable: true, value: 60 });
  await waitFor(() => expect(screen.queryByText("Loading player…")).toBeNull());
  fireEvent.click(screen.getByRole("button", { name: "Play" }));
  /** Plays on to `seconds`: a 10-point step goes out as an event. */
  return (seconds: number) => {
    content.currentTime = seconds;
    fireEvent(content, new Event("timeupdate"));
  };
}

const live = (text: string) => waitFor(() => expect(screen.getByText(text).getAttribute("aria-live")).toBe("polite"));

describe("the player's counting indicator", () => {
  it("counts toward $0.003 with how far the view is from 80 %, then says the view qualified", async () => {
    stubPage({ view_id: "v1", earnable: true }, [
      { counting: true, watched_percent: 10 },
      { counting: true, watched_percent: 81 },
      { counting: true, watched_percent: 90, qualified: true },
    ]);
    const to = await play();
    await live("Counting toward $0.003");
    to(6);
    await live("Counting toward $0.003 — 10 % watched, 80 % earns");
    to(48);
    await live("Counting toward $0.003 — watched enough; waiting for the rest of the media to load");
    to(54);
    await live("Qualified for $0.003 — your wallet shows it within a minute");
  });

  it("says from the start why the member's own item does not earn, whatever the events say", async () => {
    stubPage({ view_id: "v1", earnable: false, reason: "own_content" });
    const to = await play();
    await live("Not earning: your own content doesn't earn");
    to(6);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByText("Not earning: your own content doesn't earn").getAttribute("aria-live")).toBe("polite");
    expect(screen.queryByText(/Counting toward/)).toBeNull();
  });

  it("says when an item is too short to earn", async () => {
    stubPage({ view_id: "v1", earnable: false, reason: "too_short" });
    await play();
    await live("Not earning: this item is too short to earn");
  });

  it("says when the day's paid views are used up, for the item or in all", async () => {
    stubPage({ view_id: "v1", earnable: false, reason: "item_daily_cap" });
    const to = await play();
    await live("Not earning: you already earned 3 times from this item today (again from 00:00 UTC)");
    to(6);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText(/Counting toward/)).toBeNull();
    cleanup();
    stubPage({ view_id: "v1", earnable: false, reason: "daily_cap" });
    await play();
    await live("Not earning: daily limit of paid views reached (again from 00:00 UTC)");
  });

  it("says skipping ahead does not count, and counts again once playback is back at its pace", async () => {
    stubPage({ view_id: "v1", earnable: true }, [{ counting: false, reason: "too_fast" }, { counting: true }]);
    const to = await play();
    to(30);
    await live(`Not earning: ${playerReasonText("too_fast", { qualify_percent: 80, views_per_item_per_day: 3 })}`);
    to(36);
    await live("Counting toward $0.003");
  });

  it("says another tab or view took over when the server no longer knows the view", async () => {
    const consoleError = expectConsoleError();
    stubPage({ view_id: "v1", earnable: true }, [{ status: 404 }]);
    const to = await play();
    to(6);
    await live("Not earning: you started playing something else, in this tab or another");
    expect(consoleError).toHaveBeenCalled();
  });

  it("shows nothing to a signed-out visitor (nothing is reported)", async () => {
    useAuth.setState({ user: null, pending: false });
    stubPage({ view_id: "v1", earnable: true });
    await play();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText(/Counting toward|Not earning|Qualified/)).toBeNull();
  });
});
