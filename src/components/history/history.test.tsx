import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { HistoryEntryJson } from "../../../common/schemas/history";
import { useAuth } from "../../stores/auth";
import { stubBrowserDialogs } from "../../test/browser-dialogs";
import { makeContent } from "../../test/content-fixtures";
import { stubFetch } from "../../test/fetch";
import { ava } from "../../test/fixtures";
import { renderWithQueries } from "../../test/query-client";
import { ContinueWatchingRow } from "./continue-watching";
import { CLEAR_HISTORY_CONFIRM, HistoryTab } from "./history-tab";

// Continue watching (Home) and History (Profile): docs/decisions/045.

const drive = makeContent({ title: "Night Drive", duration: 300 });
const jazz = makeContent({ title: "Late Night Jazz", type: "audio", duration: 200 });
const news = makeContent({ title: "<b>HTML</b> 🎬 news", duration: 60 });

const entry = (content: typeof drive, position: number, finished = false): HistoryEntryJson => ({
  content,
  position_seconds: position,
  percent: Math.floor((position * 100) / content.duration),
  finished,
  watched_at: "2026-11-26T10:00:00.000Z",
});

beforeEach(() => useAuth.setState({ user: ava, pending: false }));

const renderIn = (ui: React.ReactElement) => renderWithQueries(<MemoryRouter>{ui}</MemoryRouter>);

describe("Continue watching", () => {
  it("lists the unfinished items, latest first, each with where the viewer left it", async () => {
    const queries: URLSearchParams[] = [];
    stubFetch({
      "GET /api/me/history": (_init, url) => (
        queries.push(url.searchParams),
        { body: { items: [entry(drive, 83), entry(jazz, 20)], nextCursor: null } }
      ),
    });
    renderIn(<ContinueWatchingRow />);
    const section = await screen.findByRole("list", { name: "Continue watching" });
    expect(
      within(section)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Night Drive", "Late Night Jazz"]);
    expect(within(section).getByText("Left at 1:23 · 27 %")).toBeVisible();
    expect(within(section).getByRole("link", { name: "Night Drive" }).getAttribute("href")).toBe(
      `/content/${drive.id}`,
    );
    expect(queries[0]!.get("unfinished")).toBe("true");
  });

  it("is not there at all when nothing is unfinished", async () => {
    const fetchMock = stubFetch({ "GET /api/me/history": { body: { items: [], nextCursor: null } } });
    renderIn(<ContinueWatchingRow />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole("list", { name: "Continue watching" })).toBeNull());
    expect(screen.queryByText("Continue watching")).toBeNull();
  });
});

describe("History tab", () => {
  it("lists what was played with position and date, removes one, and clears all after asking", async () => {
    const { confirm } = stubBrowserDialogs();
    let items = [entry(drive, 83), entry(news, 60, true), entry(jazz, 20)];
    const calls: string[] = [];
    stubFetch({
      "GET /api/me/history": () => ({ body: { items, nextCursor: null } }),
      [`DELETE /api/me/history/${news.id}`]: () => {
        calls.push("one");
        items = items.filter((e) => e.content.id !== news.id);
        return { body: { ok: true } };
      },
      "DELETE /api/me/history": () => {
        calls.push("all");
        items = [];
        return { body: { ok: true } };
      },
    });
    renderIn(<HistoryTab />);
    const list = await screen.findByRole("list", { name: "Watch history" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    expect(within(list).getByText("Left at 1:23 · 27 %")).toBeVisible();
    expect(within(list).getByText("Watched to the end")).toBeVisible();
    // Titles are text, never markup.
    expect(within(list).getByRole("link", { name: "<b>HTML</b> 🎬 news" })).toBeVisible();

    fireEvent.click(within(list).getByRole("button", { name: 'Remove "<b>HTML</b> 🎬 news" from history' }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    expect(confirm).not.toHaveBeenCalled();

    confirm.mockReturnValueOnce(false);
    fireEvent.click(screen.getByRole("button", { name: "Clear all history" }));
    expect(confirm).toHaveBeenCalledWith(CLEAR_HISTORY_CONFIRM);
    expect(calls).toEqual(["one"]);

    fireEvent.click(screen.getByRole("button", { name: "Clear all history" }));
    expect(await screen.findByText(/Nothing here yet/)).toBeVisible();
    expect(calls).toEqual(["one", "all"]);
    expect(screen.queryByRole("button", { name: "Clear all history" })).toBeNull();
  });

  it("loads the next page with Load more", async () => {
    stubFetch({
      "GET /api/me/history": (_init, url) =>
        url.searchParams.get("cursor") === "page2"
          ? { body: { items: [entry(jazz, 20)], nextCursor: null } }
          : { body: { items: [entry(drive, 83)], nextCursor: "page2" } },
    });
    renderIn(<HistoryTab />);
    await screen.findByRole("link", { name: "Night Drive" });
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("link", { name: "Late Night Jazz" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });
});
