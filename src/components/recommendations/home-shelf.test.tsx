import { fireEvent, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { HistoryEntryJson } from "../../../common/schemas/history";
import { useAuth } from "../../stores/auth";
import { useHomePrefs } from "../../stores/home-prefs";
import { makeContent } from "../../test/content-fixtures";
import { stubFetch } from "../../test/fetch";
import { ava } from "../../test/fixtures";
import { renderWithQueries } from "../../test/query-client";
import { HomeShelf } from "./home-shelf";

// Home's one shelf (docs/decisions/098): the rows that have something, as tabs over one row of cards.

const pick = makeContent({ title: "Picked Drive" });
const halfway = makeContent({ title: "Halfway Jazz", type: "audio", duration: 200 });
const fresh = makeContent({ title: "Fresh Upload" });

const unfinished: HistoryEntryJson = {
  content: halfway,
  position_seconds: 50,
  percent: 25,
  finished: false,
  watched_at: "2026-11-26T10:00:00.000Z",
};

function stubRows({ history = true, following = true } = {}) {
  stubFetch({
    "GET /api/content/recommendations": { body: { items: [pick] } },
    "GET /api/me/history": { body: { items: history ? [unfinished] : [], nextCursor: null } },
    "GET /api/me/following/uploads": { body: { items: following ? [fresh] : [], nextCursor: null } },
  });
}

const renderShelf = () => renderWithQueries(<MemoryRouter>{<HomeShelf />}</MemoryRouter>);
const tabNames = () => screen.getAllByRole("tab").map((tab) => tab.textContent);

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
  useHomePrefs.setState({ shelfTab: {} });
});

describe("the home shelf", () => {
  it("holds every row that has something as a tab, and shows one row at a time", async () => {
    stubRows();
    renderShelf();
    await screen.findByRole("tab", { name: "From creators you follow" });
    await screen.findByRole("tab", { name: "Continue watching" });
    expect(tabNames()).toEqual(["Recommended for You", "Continue watching", "From creators you follow"]);
    expect(screen.getByRole("tablist", { name: "For you" })).toBeVisible();

    // Recommended first; only its row is on the page.
    const panel = screen.getByRole("tabpanel", { name: "Recommended for You" });
    expect(within(panel).getByRole("link", { name: "Picked Drive" })).toBeVisible();
    expect(screen.queryByRole("link", { name: "Halfway Jazz" })).toBeNull();

    fireEvent.click(screen.getByRole("tab", { name: "Continue watching" }));
    const continuing = screen.getByRole("tabpanel", { name: "Continue watching" });
    expect(within(continuing).getByRole("list", { name: "Continue watching" })).toBeVisible();
    expect(within(continuing).getByText("Left at 0:50 · 25 %")).toBeVisible();
    expect(screen.queryByRole("link", { name: "Picked Drive" })).toBeNull();

    // The arrow keys move along the tabs, as everywhere else.
    fireEvent.keyDown(screen.getByRole("tab", { name: "Continue watching" }), { key: "ArrowRight" });
    expect(screen.getByRole("tab", { name: "From creators you follow" }).getAttribute("aria-selected")).toBe("true");
    expect(within(screen.getByRole("tabpanel")).getByRole("link", { name: "Fresh Upload" })).toBeVisible();
    // The whole feed is a page of its own (docs/decisions/101).
    expect(within(screen.getByRole("tabpanel")).getByRole("link", { name: "See all" }).getAttribute("href")).toBe(
      "/following",
    );
  });

  it("leaves out the rows that are empty", async () => {
    stubRows({ history: false, following: false });
    renderShelf();
    await screen.findByRole("link", { name: "Picked Drive" });
    expect(tabNames()).toEqual(["Recommended for You"]);
  });

  it("remembers each member's choice of tab in this browser", async () => {
    stubRows();
    const first = renderShelf();
    fireEvent.click(await screen.findByRole("tab", { name: "Continue watching" }));
    expect(useHomePrefs.getState().shelfTab[ava.id]).toBe("continue");
    first.unmount();

    renderShelf();
    expect((await screen.findByRole("tab", { name: "Continue watching" })).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel", { name: "Continue watching" })).toBeVisible();
  });
});
