import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuth } from "../stores/auth";
import { makeContent } from "../test/content-fixtures";
import { stubFetch } from "../test/fetch";
import { ava } from "../test/fixtures";
import { renderApp } from "../test/render-route";

// The embed page (docs/decisions/099): the player alone, its media from the embed's route, no playback events.

const item = makeContent({ title: "Night Drive", duration: 60 });
const routes = {
  [`GET /api/content/${item.id}`]: {
    body: { ...item, resume_at_seconds: null, resume_skips_preroll: false, captions: [] },
  },
  "GET /api/ad-settings": { body: { preroll_enabled: "false", postroll_enabled: "false", vast_url: "" } },
};

beforeEach(() => {
  useAuth.setState({ user: null, pending: false });
});

describe("embed page", () => {
  it("shows the player alone with the title and Watch on Reelpay, playing from the embed's media route", async () => {
    stubFetch(routes);
    renderApp(`/embed/${item.id}`);
    expect(await screen.findByRole("heading", { name: "Night Drive" })).toBeVisible();
    const player = screen.getByRole("region", { name: "Video player: Night Drive" });
    expect(player.querySelector("video")!.getAttribute("src")).toBe(`/api/embed/${item.id}/media`);
    const watch = screen.getByRole("link", { name: "Watch on Reelpay" });
    expect(watch.getAttribute("target")).toBe("_blank");
    expect(watch.getAttribute("href")).toBe(`${window.location.origin}/content/${item.id}`);
    // No site header, no comments.
    expect(screen.queryByRole("banner")).toBeNull();
    expect(screen.queryByRole("heading", { name: /Comments/ })).toBeNull();
  });

  it("sends no playback event, even for a signed-in member who plays it to the end", async () => {
    useAuth.setState({ user: ava });
    const fetchMock = stubFetch(routes);
    renderApp(`/embed/${item.id}`);
    await screen.findByRole("heading", { name: "Night Drive" });
    await waitFor(() => expect(screen.queryByText("Loading player…")).toBeNull());
    const video = screen.getByRole("region", { name: "Video player: Night Drive" }).querySelector("video")!;
    Object.defineProperty(video, "duration", { configurable: true, value: 60 });
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    fireEvent(video, new Event("play"));
    video.currentTime = 60;
    fireEvent(video, new Event("timeupdate"));
    fireEvent(video, new Event("ended"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const calls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(calls.filter((url) => /playback/.test(url))).toEqual([]);
  });

  it("starts at ?t=", async () => {
    stubFetch(routes);
    renderApp(`/embed/${item.id}?t=0m45s`);
    await screen.findByRole("heading", { name: "Night Drive" });
    const video = screen.getByRole("region", { name: "Video player: Night Drive" }).querySelector("video")!;
    expect(video.currentTime).toBe(45);
  });

  it("ignores a ?t= past the end", async () => {
    stubFetch(routes);
    renderApp(`/embed/${item.id}?t=1m5s`);
    await screen.findByRole("heading", { name: "Night Drive" });
    const video = screen.getByRole("region", { name: "Video player: Night Drive" }).querySelector("video")!;
    expect(video.currentTime).toBe(0);
  });

  it("says when the item is unavailable", async () => {
    stubFetch({});
    renderApp("/embed/01J0000000000000000000MISS");
    expect(await screen.findByText("This item is unavailable.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Go to Reelpay" })).toBeVisible();
  });
});
