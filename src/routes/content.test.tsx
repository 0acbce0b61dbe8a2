import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { appRoutes } from "../app-routes";
import { useAuth } from "../stores/auth";
import { expectConsoleError } from "../test/console";
import { makeContent } from "../test/content-fixtures";
import { deferred, stubFetch } from "../test/fetch";
import { ava } from "../test/fixtures";
import { renderApp } from "../test/render-route";
import { renderWithQueries } from "../test/query-client";

const item = makeContent({
  title: "Night Drive",
  description: "Synths after dark.",
  tags: "synth,retro,night",
  duration: 185,
  creator_name: "ava",
  like_count: 4,
  view_count: 1234,
});
const path = `/api/content/${item.id}`;
// The player asks for ad settings and Up Next suggestions on every visit; these tests run without ads.
const playerRoutes = {
  "GET /api/ad-settings": { body: { preroll_enabled: "false", postroll_enabled: "false", vast_url: "" } },
  [`GET ${path}/suggestions`]: { body: { suggestions: [] } },
};

beforeEach(() => {
  useAuth.setState({ user: null, pending: false });
});

describe("content page", () => {
  it("asks visitors to sign in and opens the sign-in modal", async () => {
    renderApp("/content/abc");
    expect(await screen.findByRole("heading", { name: "Sign In Required" })).toBeVisible();
    expect(screen.getByText("You must be signed in to watch or stream content")).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Sign In to Watch" }));
    expect(screen.getAllByRole("dialog", { name: "Welcome to Reelpay" })).toHaveLength(1);
  });

  it("says Content not found for an unknown id, with a way home", async () => {
    useAuth.setState({ user: ava });
    stubFetch({});
    renderApp("/content/missing");
    expect(await screen.findByRole("heading", { name: "Content not found" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Go back home" })).toHaveProperty("pathname", "/");
  });

  it("logs other load failures and says the content could not be loaded", async () => {
    const consoleError = expectConsoleError();
    useAuth.setState({ user: ava });
    stubFetch({ [`GET ${path}`]: { status: 500 } });
    renderApp(`/content/${item.id}`);
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeVisible();
    expect(String(consoleError.mock.calls[0][0])).toContain("Failed to load content");
  });

  it("shows the player and the item's details", async () => {
    useAuth.setState({ user: ava });
    stubFetch({
      ...playerRoutes,
      [`GET ${path}`]: { body: item },
      [`GET ${path}/like-status`]: { body: { liked: false, like_count: 4 } },
    });
    renderApp(`/content/${item.id}`);
    expect(await screen.findByRole("heading", { name: "Night Drive", level: 1 })).toBeVisible();
    expect(screen.getByRole("link", { name: "Back to gallery" })).toHaveProperty("pathname", "/");
    expect(
      screen.getByRole("region", { name: "Video player: Night Drive" }).querySelector("video")?.getAttribute("src"),
    ).toBe(`${path}/stream`);
    expect(screen.getByText("Synths after dark.")).toBeVisible();
    expect(screen.getByText("3:05")).toBeVisible();
    expect(screen.getByText("Creator")).toBeVisible();
    expect(screen.getByRole("link", { name: "ava" })).toHaveProperty("pathname", `/creator/${item.created_by}`);
    const tags = within(screen.getByRole("list", { name: "Tags" })).getAllByRole("listitem");
    expect(tags.map((tag) => tag.textContent)).toEqual(["synth", "retro", "night"]);
    await screen.findByRole("button", { name: "Like", pressed: false });
  });

  it("likes with POST and unlikes with DELETE, showing the change at once", async () => {
    useAuth.setState({ user: ava });
    const likeReply = deferred<{ body: unknown }>();
    const calls: string[] = [];
    stubFetch({
      ...playerRoutes,
      [`GET ${path}`]: { body: item },
      [`GET ${path}/like-status`]: { body: { liked: false, like_count: 4 } },
      [`POST ${path}/like`]: () => (calls.push("POST"), likeReply.promise),
      [`DELETE ${path}/like`]: () => (calls.push("DELETE"), { body: { liked: false, like_count: 5 } }),
    });
    renderApp(`/content/${item.id}`);
    const button = await screen.findByRole("button", { name: "Like", pressed: false });
    // Disabled until the like status says which way a click goes.
    await vi.waitFor(() => expect(button.hasAttribute("disabled")).toBe(false));
    expect(screen.getByText("4 likes")).toBeVisible();

    fireEvent.click(button);
    // Optimistic: Liked and 5 before the server answers.
    expect(screen.getByRole("button", { name: "Liked", pressed: true })).toBeVisible();
    expect(screen.getByText("5 likes")).toBeVisible();
    likeReply.resolve({ body: { liked: true, like_count: 6 } });
    // The server's count wins (someone else liked it meanwhile).
    await screen.findByText("6 likes");

    fireEvent.click(screen.getByRole("button", { name: "Liked" }));
    await screen.findByText("5 likes");
    expect(screen.getByRole("button", { name: "Like", pressed: false })).toBeVisible();
    expect(calls).toEqual(["POST", "DELETE"]);
  });

  it("puts the like back when the server refuses", async () => {
    const consoleError = expectConsoleError();
    useAuth.setState({ user: ava });
    stubFetch({
      ...playerRoutes,
      [`GET ${path}`]: { body: item },
      [`GET ${path}/like-status`]: { body: { liked: true, like_count: 4 } },
      [`DELETE ${path}/like`]: { status: 500 },
    });
    renderApp(`/content/${item.id}`);
    const button = await screen.findByRole("button", { name: "Liked", pressed: true });
    fireEvent.click(button);
    expect(screen.getByText("3 likes")).toBeVisible();
    await screen.findByText("4 likes");
    expect(screen.getByRole("button", { name: "Liked", pressed: true })).toBeVisible();
    expect(String(consoleError.mock.calls[0][0])).toContain(
      "Failed to unlike content: API responded with HTTP status 500",
    );
  });

  it("reports playback to the API: a start with how the viewer found the item, then progress", async () => {
    useAuth.setState({ user: ava });
    const sent: unknown[] = [];
    const record = (init: RequestInit | undefined) => sent.push(JSON.parse(String(init?.body)));
    stubFetch({
      ...playerRoutes,
      [`GET ${path}`]: { body: item },
      [`GET ${path}/like-status`]: { body: { liked: false, like_count: 4 } },
      "POST /api/playback-events": (init) => (record(init), { status: 201, body: { view_id: "v1" } }),
      "POST /api/events/playback": (init) => (
        record(init),
        { body: { view_id: "v1", accepted: true, qualified: false } }
      ),
    });
    // Opened from a search result: the link's state says so.
    const router = createMemoryRouter(appRoutes, {
      initialEntries: [{ pathname: `/content/${item.id}`, state: { discovery: "search" } }],
    });
    const { container } = renderWithQueries(<RouterProvider router={router} />);
    await screen.findByRole("button", { name: "Like", pressed: false });
    // The player holds the content until it knows whether an ad comes first.
    await waitFor(() => expect(screen.queryByText("Loading player…")).toBeNull());
    const video = container.querySelector("video")!;
    Object.defineProperty(video, "duration", { configurable: true, value: 100 });
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    video.currentTime = 12;
    fireEvent(video, new Event("timeupdate"));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      expect.objectContaining({ content_id: item.id, event_type: "start", discovery_method: "search" }),
      { content_id: item.id, view_id: "v1", event_type: "progress", second_mark: 12 },
    ]);
  });

  it("opens an Up Next suggestion as a new, AI-recommended visit with its own suggestions", async () => {
    useAuth.setState({ user: ava });
    const next = makeContent({ title: "Sunset Drive" });
    const suggestionRequests: string[] = [];
    const suggestions = (id: string, items: unknown[]) => () => (
      suggestionRequests.push(id),
      { body: { suggestions: items } }
    );
    stubFetch({
      ...playerRoutes,
      [`GET ${path}`]: { body: item },
      [`GET ${path}/like-status`]: { body: { liked: false, like_count: 4 } },
      [`GET ${path}/suggestions`]: suggestions(item.id, [next]),
      [`GET /api/content/${next.id}`]: { body: next },
      [`GET /api/content/${next.id}/like-status`]: { body: { liked: false, like_count: 0 } },
      [`GET /api/content/${next.id}/suggestions`]: suggestions(next.id, []),
    });
    const { router, container } = renderApp(`/content/${item.id}`);
    await screen.findByRole("heading", { name: "Night Drive", level: 1 });
    await waitFor(() => expect(screen.queryByText("Loading player…")).toBeNull());
    fireEvent(container.querySelector("video")!, new Event("ended"));

    const upNext = await screen.findByRole("dialog", { name: "Up Next" });
    fireEvent.click(within(upNext).getByRole("link", { name: /Sunset Drive/ }));
    await screen.findByRole("heading", { name: "Sunset Drive", level: 1 });
    expect(router.state.location.state).toEqual({ discovery: "ai_recommended" });
    expect(screen.queryByRole("dialog", { name: "Up Next" })).toBeNull();
    // Each item fetches its own list (twice under StrictMode, the first one aborted).
    await waitFor(() => expect([...new Set(suggestionRequests)]).toEqual([item.id, next.id]));
  });
});
