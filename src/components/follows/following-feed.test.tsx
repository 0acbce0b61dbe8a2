import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuth } from "../../stores/auth";
import { makeContent } from "../../test/content-fixtures";
import { expectConsoleError } from "../../test/console";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { ava } from "../../test/fixtures";
import { renderWithQueries } from "../../test/query-client";
import { FollowingFeed } from "./following-feed";

// /following (docs/decisions/101): the followed creators' uploads with "New" on unread ones, read on opening up to
// the newest shown, a page at a time, and an empty state pointing home.

const fresh = { ...makeContent({ title: "Fresh Upload" }), unread: true };
const older = { ...makeContent({ title: "Older Upload" }), unread: false };
const oldest = { ...makeContent({ title: "Oldest <b>Upload</b> 🎬" }), unread: false };

const renderFeed = () => renderWithQueries(<MemoryRouter>{<FollowingFeed />}</MemoryRouter>);
const card = (title: string) => screen.getByRole("link", { name: title }).closest("li")!;

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

describe("the following feed", () => {
  it("marks unread uploads New, reads them up to the newest shown, and loads more by button", async () => {
    const fetchMock = stubFetch({
      "GET /api/me/following/uploads": (_init, url) => ({
        body: url.searchParams.get("cursor")
          ? { items: [oldest], nextCursor: null }
          : { items: [fresh, older], nextCursor: "next" },
      }),
      "POST /api/me/following/uploads/read": { body: { unread: 0 } },
    });
    renderFeed();
    await screen.findByRole("link", { name: "Fresh Upload" });
    expect(within(card("Fresh Upload")).getByText("New")).toBeVisible();
    expect(within(card("Older Upload")).queryByText("New")).toBeNull();

    await waitFor(() =>
      expect(bodiesOf(fetchMock, "POST /api/me/following/uploads/read")).toEqual([{ newest_id: fresh.id }]),
    );
    // The marks stay as loaded: the member sees what was new when they opened the page.
    expect(within(card("Fresh Upload")).getByText("New")).toBeVisible();

    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("link", { name: "Oldest <b>Upload</b> 🎬" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    // The newest shown did not change: nothing is read again.
    expect(bodiesOf(fetchMock, "POST /api/me/following/uploads/read")).toHaveLength(1);
  });

  it("reads nothing when nothing shown is new", async () => {
    const fetchMock = stubFetch({
      "GET /api/me/following/uploads": { body: { items: [older], nextCursor: null } },
    });
    renderFeed();
    await screen.findByRole("link", { name: "Older Upload" });
    expect(screen.queryByText("New")).toBeNull();
    expect(bodiesOf(fetchMock, "POST /api/me/following/uploads/read")).toEqual([]);
  });

  it("says what to do when the member follows nobody with uploads", async () => {
    stubFetch({});
    renderFeed();
    expect(await screen.findByText("Follow creators to see their new uploads here.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Go to Home" }).getAttribute("href")).toBe("/");
  });

  it("logs a failed read and keeps the page", async () => {
    const error = expectConsoleError();
    stubFetch({
      "GET /api/me/following/uploads": { body: { items: [fresh], nextCursor: null } },
      "POST /api/me/following/uploads/read": { status: 500, body: { error: "Internal error", requestId: "r" } },
    });
    renderFeed();
    await screen.findByRole("link", { name: "Fresh Upload" });
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(String(error.mock.calls[0]![0])).toContain("Failed to mark uploads from creators you follow read");
    expect(within(card("Fresh Upload")).getByText("New")).toBeVisible();
  });
});
