import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PlaylistJson } from "../../../common/schemas/playlists";
import { useAuth } from "../../stores/auth";
import { makeContent } from "../../test/content-fixtures";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { ava } from "../../test/fixtures";
import { renderApp, renderRoutes } from "../../test/render-route";
import { WatchLaterButton } from "./watch-later-button";

// Playlists (docs/decisions/090): the list's page with its owner's reordering by keyboard, what others see, a
// missing list, and the one-click Watch later.

const LIST = "01J00000000000000000000PL1";
const [a, b, c] = [makeContent({ title: "Alpha" }), makeContent({ title: "Bravo" }), makeContent({ title: "Charlie" })];

function playlist(overrides: Partial<PlaylistJson> = {}): PlaylistJson {
  return {
    id: LIST,
    kind: "playlist",
    title: `<img src=x onerror=alert(1)> ${"W".repeat(100)}`,
    description: "Songs for the road",
    visibility: "public",
    item_count: 3,
    thumbnail_url: null,
    updated_at: "2026-01-01T00:00:00.000Z",
    owner_id: ava.id,
    owner_name: "ava",
    is_owner: true,
    unavailable_count: 1,
    created_at: "2026-01-01T00:00:00.000Z",
    // Stored positions with a gap: a hidden item sits between Alpha and Bravo.
    items: [
      { content: a, position: 0, added_at: "2026-01-01T00:00:00.000Z" },
      { content: b, position: 2, added_at: "2026-01-01T00:00:00.000Z" },
      { content: c, position: 3, added_at: "2026-01-01T00:00:00.000Z" },
    ],
    ...overrides,
  };
}

const titlesShown = () =>
  within(screen.getByRole("list", { name: "Playlist items" }))
    .getAllByRole("link")
    .map((link) => link.textContent);

describe("the playlist page", () => {
  it("shows the list as text, and lets its owner move an item with Alt+↓, keeping the focus on it", async () => {
    useAuth.setState({ user: ava, pending: false });
    const moved = playlist();
    moved.items = [moved.items[1]!, moved.items[0]!, moved.items[2]!];
    const fetchMock = stubFetch({
      [`GET /api/playlists/${LIST}`]: { body: playlist() },
      [`POST /api/playlists/${LIST}/items`]: { body: moved },
    });
    renderApp(`/playlist/${LIST}`);
    const heading = await screen.findByRole("heading", { level: 1 });
    // Markup in a title is text, never an element.
    expect(heading.textContent).toContain("<img src=x onerror=alert(1)>");
    expect(heading.querySelector("img")).toBeNull();
    expect(screen.getByText("1 unavailable item is hidden (deleted or removed).")).toBeVisible();
    expect(screen.getByRole("link", { name: /Play all/ }).getAttribute("href")).toBe(`/content/${a.id}?list=${LIST}`);

    const moveDown = screen.getByRole("button", { name: "Move down: Alpha" });
    moveDown.focus();
    fireEvent.keyDown(moveDown, { key: "ArrowDown", altKey: true });
    await waitFor(() => expect(titlesShown()[0]).toContain("Bravo"));
    expect((await screen.findByText(/Moved "Alpha" to 2 of 3/)).textContent).toBe('Moved "Alpha" to 2 of 3');
    // Bravo's stored place, so the hidden item between them keeps its own.
    expect(bodiesOf(fetchMock, `POST /api/playlists/${LIST}/items`)).toEqual([{ content_id: a.id, position: 2 }]);
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Move down: Alpha");
  });

  it("gives another member no controls, and says when a list is not there", async () => {
    useAuth.setState({ user: ava, pending: false });
    stubFetch({ [`GET /api/playlists/${LIST}`]: { body: playlist({ is_owner: false, unavailable_count: 0 }) } });
    const { unmount } = renderApp(`/playlist/${LIST}`);
    await screen.findByRole("list", { name: "Playlist items" });
    expect(screen.queryByRole("button", { name: /Move|Remove|Edit|Delete/ })).toBeNull();
    expect(screen.queryByText(/unavailable/)).toBeNull();
    unmount();

    stubFetch({});
    renderApp(`/playlist/${LIST}`);
    expect(await screen.findByRole("heading", { name: "Playlist not found" })).toBeVisible();
  });

  it("saves to Watch later with one click and takes it out with another", async () => {
    useAuth.setState({ user: ava, pending: false });
    // The server's Watch later, as the calls change it.
    let saved = false;
    const later = () => ({
      body: playlist({
        id: ava.id,
        kind: "watch_later",
        items: saved ? [{ content: b, position: 0, added_at: "2026-01-01T00:00:00.000Z" }] : [],
      }),
    });
    const fetchMock = stubFetch({
      "GET /api/me/watch-later": later,
      [`POST /api/playlists/${ava.id}/items`]: () => ((saved = true), later()),
      [`DELETE /api/playlists/${ava.id}/items/${b.id}`]: () => ((saved = false), { body: { ok: true } }),
    });
    renderRoutes([{ path: "*", element: <WatchLaterButton contentId={b.id} title="Bravo" variant="player" /> }], "/");
    fireEvent.click(await screen.findByRole("button", { name: "Watch later" }));
    const pressed = await screen.findByRole("button", { name: "Saved to Watch later" });
    expect(pressed.getAttribute("aria-pressed")).toBe("true");
    expect(bodiesOf(fetchMock, `POST /api/playlists/${ava.id}/items`)).toEqual([{ content_id: b.id }]);
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(2));
    fireEvent.click(pressed);
    expect((await screen.findByRole("button", { name: "Watch later" })).getAttribute("aria-pressed")).toBe("false");
    expect(bodiesOf(fetchMock, `DELETE /api/playlists/${ava.id}/items/${b.id}`)).toHaveLength(1);
  });
});
