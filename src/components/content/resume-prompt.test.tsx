import { fireEvent, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AdSettings } from "../../lib/ads-api";
import { useAuth } from "../../stores/auth";
import { makeContent } from "../../test/content-fixtures";
import { ava } from "../../test/fixtures";
import { renderWithQueries } from "../../test/query-client";
import { inlineVast, stubNetwork } from "../../test/vast-feeds";
import { ContentPlayer } from "./content-player";

// "Resume from m:ss" / "Start over" over the player (docs/decisions/045).

let play: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
  play = vi.spyOn(HTMLMediaElement.prototype, "play");
});

const item = makeContent({ title: "Retrowave City", duration: 300 });

function stubPage(preroll: boolean) {
  const events: string[] = [];
  const adSettings: AdSettings = {
    preroll_enabled: preroll ? "true" : "false",
    postroll_enabled: "false",
    vast_url: "/ads/feed.xml",
  };
  stubNetwork({
    "GET /api/ad-settings": { body: adSettings },
    [`GET /api/content/${item.id}/suggestions`]: { body: { suggestions: [] } },
    "GET /ads/feed.xml": { body: inlineVast() },
    "HEAD /ads/ad.mp4": { status: 200 },
    "POST /api/playback-events": () => (events.push("start"), { status: 201, body: { view_id: "v1" } }),
    "POST /api/events/playback": () => ({ body: { view_id: "v1", accepted: true, qualified: false } }),
  });
  return events;
}

function renderPlayer(resume: { resume_at_seconds: number | null; resume_skips_preroll: boolean }) {
  renderWithQueries(
    <MemoryRouter initialEntries={[`/content/${item.id}`]}>
      <ContentPlayer content={{ ...item, ...resume }} />
    </MemoryRouter>,
  );
  const content = screen.getByRole("region", { name: "Video player: Retrowave City" }).querySelector("video")!;
  Object.defineProperty(content, "duration", { configurable: true, value: item.duration });
  return content;
}

describe("the resume prompt", () => {
  it("offers Resume from m:ss and Start over; resuming seeks there and plays, with no pre-roll within the window", async () => {
    stubPage(true);
    const content = renderPlayer({ resume_at_seconds: 83, resume_skips_preroll: true });
    const resume = await screen.findByRole("button", { name: "Resume from 1:23" });
    expect(screen.getByRole("button", { name: "Start over" })).toBeVisible();
    // Nothing plays while the viewer chooses.
    expect(play).not.toHaveBeenCalled();
    // Settings loaded meanwhile: the choice still holds everything.
    await waitFor(() => expect(screen.getByRole("button", { name: "Resume from 1:23" })).toBeVisible());
    fireEvent.click(resume);
    expect(content.currentTime).toBe(83);
    await waitFor(() => expect(play.mock.contexts).toContain(content));
    expect(screen.queryByRole("button", { name: "Start over" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Advertisement" })).toBeNull();
  });

  it("Start over plays from 0:00, after the pre-roll when the last play is older than the window", async () => {
    stubPage(true);
    const content = renderPlayer({ resume_at_seconds: 83, resume_skips_preroll: false });
    fireEvent.click(await screen.findByRole("button", { name: "Start over" }));
    expect(content.currentTime).toBe(0);
    const ad = await screen.findByRole("region", { name: "Advertisement" });
    expect(play.mock.contexts).not.toContain(content);
    fireEvent(ad.querySelector("video")!, new Event("ended"));
    await waitFor(() => expect(play.mock.contexts).toContain(content));
  });

  it("says when too little is left for the resumed view to earn", async () => {
    stubPage(false);
    renderPlayer({ resume_at_seconds: 200, resume_skips_preroll: true });
    await screen.findByRole("button", { name: "Resume from 3:20" });
    expect(screen.getByText(/resuming this far in won't earn/)).toBeVisible();
  });

  it("with a position early enough to still watch 80 %, says nothing about earning", async () => {
    stubPage(false);
    renderPlayer({ resume_at_seconds: 30, resume_skips_preroll: true });
    await screen.findByRole("button", { name: "Resume from 0:30" });
    expect(screen.queryByText(/won't earn/)).toBeNull();
  });

  it("is not shown when there is nothing to resume: the player waits for Play as before", async () => {
    stubPage(false);
    renderPlayer({ resume_at_seconds: null, resume_skips_preroll: false });
    await waitFor(() => expect(screen.queryByText("Loading player…")).toBeNull());
    expect(screen.queryByRole("button", { name: /Resume from/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Start over" })).toBeNull();
    expect(play).not.toHaveBeenCalled();
  });
});
