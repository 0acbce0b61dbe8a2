import { fireEvent, render, screen, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ContentJson } from "../../../common/schemas/content";
import { PLAYER_PREFS_KEY, usePlayerPrefs } from "../../stores/player-prefs";
import { makeContent } from "../../test/content-fixtures";
import { readDiscovery } from "../../lib/discovery";
import { UpNextPanel } from "./up-next-panel";
import { passSeconds } from "../../test/timers";

const drive = makeContent({ title: "Night Drive", description: "Synths after dark.", duration: 185, type: "video" });
const jazz = makeContent({ title: "Late Night Jazz", description: "Brushes and bass.", duration: 62, type: "audio" });

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  usePlayerPrefs.setState({ autoplayNext: false });
});

afterEach(() => {
  vi.useRealTimers();
});

/** The panel on a content page, in a router so its links and auto-play can navigate. */
function renderPanel(suggestions: ContentJson[] | null) {
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      { path: "/content/:id", element: <UpNextPanel suggestions={suggestions} onClose={onClose} /> },
      { path: "/", element: <p>Home</p> },
    ],
    { initialEntries: ["/content/current"] },
  );
  render(<RouterProvider router={router} />);
  return { onClose, router };
}

describe("UpNextPanel", () => {
  it("shows each suggestion's thumbnail, duration, title, description and type, linking as AI-recommended", () => {
    const { router } = renderPanel([drive, jazz]);
    expect(screen.getByRole("dialog", { name: "Up Next" })).toBeVisible();
    const cards = within(screen.getByRole("list", { name: "Suggestions" })).getAllByRole("link");
    expect(cards.map((card) => card.getAttribute("href"))).toEqual([`/content/${drive.id}`, `/content/${jazz.id}`]);
    expect(cards[0].textContent).toContain("3:05");
    expect(cards[0].textContent).toContain("Night Drive");
    expect(cards[0].textContent).toContain("Synths after dark.");
    expect(cards[0].textContent).toContain("Video");
    expect(cards[1].textContent).toContain("1:02");
    expect(cards[1].textContent).toContain("Audio");
    expect(within(cards[0]).getByTestId("thumbnail-fallback")).toBeVisible();

    fireEvent.click(cards[1]);
    expect(router.state.location.pathname).toBe(`/content/${jazz.id}`);
    expect(readDiscovery(router.state.location.state)).toBe("ai_recommended");
  });

  it("counts down from 10 and closes itself when time is up", async () => {
    const { onClose, router } = renderPanel([drive]);
    expect(screen.getByRole("timer").textContent).toBe("Auto-close in 10s");
    await passSeconds(1);
    expect(screen.getByRole("timer").textContent).toBe("Auto-close in 9s");
    await passSeconds(8);
    expect(onClose).not.toHaveBeenCalled();
    await passSeconds(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe("/content/current");
  });

  it("with 'Auto-play next' on, goes to the first suggestion when time is up, and remembers the choice", async () => {
    const { onClose, router } = renderPanel([drive, jazz]);
    const checkbox = screen.getByRole("checkbox", { name: "Auto-play next" });
    expect(checkbox).toHaveProperty("checked", false);
    fireEvent.click(checkbox);
    expect(checkbox).toHaveProperty("checked", true);
    expect(JSON.parse(localStorage.getItem(PLAYER_PREFS_KEY) ?? "{}")).toMatchObject({ state: { autoplayNext: true } });

    await passSeconds(10);
    expect(onClose).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe(`/content/${drive.id}`);
    expect(readDiscovery(router.state.location.state)).toBe("ai_recommended");
  });

  it("starts ticked on the next visit when the viewer chose auto-play before", async () => {
    localStorage.setItem(PLAYER_PREFS_KEY, JSON.stringify({ state: { autoplayNext: true }, version: 1 }));
    await usePlayerPrefs.persist.rehydrate();
    renderPanel([drive]);
    expect(screen.getByRole("checkbox", { name: "Auto-play next" })).toHaveProperty("checked", true);
  });

  it("without suggestions offers 'Stay Here', which closes, and auto-play just closes", async () => {
    usePlayerPrefs.setState({ autoplayNext: true });
    const { onClose } = renderPanel([]);
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Stay Here" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await passSeconds(10);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("closes with 'Close' and browses everything with 'Browse All Content'", () => {
    const { onClose, router } = renderPanel([drive]);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("link", { name: "Browse All Content" }));
    expect(router.state.location.pathname).toBe("/");
  });

  it("offers the first three suggestions only: Related beside the player lists the rest", () => {
    const six = Array.from({ length: 6 }, (_, index) => makeContent({ title: `Pick ${index + 1}` }));
    renderPanel(six);
    const list = screen.getByRole("list", { name: "Suggestions" });
    expect(
      within(list)
        .getAllByRole("link")
        .map((link) => link.textContent?.match(/Pick \d/)?.[0]),
    ).toEqual(["Pick 1", "Pick 2", "Pick 3"]);
  });

  it("shows placeholders while the suggestions load", () => {
    renderPanel(null);
    expect(screen.getByRole("list", { name: "Loading suggestions" }).getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("button", { name: "Close" })).toBeVisible();
  });
});
