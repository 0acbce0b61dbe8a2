import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../test/console";
import { contentPage, makeContent } from "../../test/content-fixtures";
import { stubFetch } from "../../test/fetch";
import { renderRoutes } from "../../test/render-route";
import { refreshAfterCredits } from "../../queries/earnings-run";
import { ContentFeed } from "./content-feed";

const renderFeed = () => renderRoutes([{ path: "*", element: <ContentFeed query={{ creator: "c1" }} /> }], "/");
const titles = () => screen.getAllByRole("article").map((card) => card.querySelector("h3")!.textContent);

// Two pages; the second repeats the last item of the first (a row that shifted between requests).
const first = [makeContent({ title: "A" }), makeContent({ title: "B" })];
const second = [first[1], makeContent({ title: "C" })];

function stubPages() {
  return stubFetch({
    "GET /api/content": (_init, url) =>
      url.searchParams.get("cursor") === "page2"
        ? { body: contentPage(second) }
        : { body: contentPage(first, "page2") },
  });
}

describe("ContentFeed", () => {
  it("appends the next page on Load more, without duplicates, and stops at the end", async () => {
    const fetchMock = stubPages();
    renderFeed();
    await screen.findByRole("link", { name: "A" });
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByRole("link", { name: "C" });
    expect(titles()).toEqual(["A", "B", "C"]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    const lastUrl = new URL(String(fetchMock.mock.lastCall![0]), "http://localhost");
    expect(lastUrl.searchParams.get("cursor")).toBe("page2");
    expect(lastUrl.searchParams.get("creator")).toBe("c1");
  });

  it("loads the next page when the end of the grid scrolls into view", async () => {
    const observers: { callback: IntersectionObserverCallback }[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(readonly callback: IntersectionObserverCallback) {
          observers.push(this);
        }
        observe() {}
        disconnect() {}
      },
    );
    stubPages();
    renderFeed();
    await screen.findByRole("link", { name: "A" });
    const latest = observers.at(-1)!;
    act(() => latest.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    await screen.findByRole("link", { name: "C" });
    expect(titles()).toEqual(["A", "B", "C"]);
  });

  it("logs a failed request and shows the empty state", async () => {
    const consoleError = expectConsoleError();
    stubFetch({ "GET /api/content": { status: 500 } });
    renderFeed();
    expect(await screen.findByText("No content found")).toBeVisible();
    expect(String(consoleError.mock.calls[0][0])).toContain(
      "Failed to load content: API responded with HTTP status 500",
    );
  });

  it("refreshes in the background when the earnings run credited views, keeping the pages loaded below", async () => {
    const fresh = makeContent({ title: "N" });
    let refreshed = false;
    // Keyset pages: after the refresh N is new on top and B moves down to page two (after A).
    const fetchMock = stubFetch({
      "GET /api/content": (_init, url) => {
        const cursor = url.searchParams.get("cursor");
        if (cursor === "page2") return { body: contentPage(second) };
        if (cursor === "after-A") return { body: contentPage([first[1], second[1]]) };
        return { body: refreshed ? contentPage([fresh, first[0]], "after-A") : contentPage(first, "page2") };
      },
    });
    const { queryClient } = renderRoutes([{ path: "*", element: <ContentFeed query={{}} /> }], "/");
    await screen.findByRole("link", { name: "A" });
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByRole("link", { name: "C" });

    refreshed = true;
    // What the home page's earnings poll does when a run credited views.
    act(() => void refreshAfterCredits(queryClient));
    // Meanwhile what was shown stays, without placeholders.
    expect(titles()).toEqual(["A", "B", "C"]);
    await screen.findByRole("link", { name: "N" });
    // The new first page on top, then what was further down: the loaded pages are fetched again.
    expect(titles()).toEqual(["N", "A", "B", "C"]);
    expect(screen.queryAllByTestId("content-placeholder")).toHaveLength(0);
    const cursors = fetchMock.mock.calls.map(([url]) =>
      new URL(String(url), "http://localhost").searchParams.get("cursor"),
    );
    expect(cursors.slice(-2)).toEqual([null, "after-A"]);
    // All pages were loaded before: the end of the list stays the end.
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });
});
