import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../test/console";
import { contentPage, makeContent } from "../../test/content-fixtures";
import { stubFetch } from "../../test/fetch";
import { renderRoutes } from "../../test/render-route";
import { useEarnings } from "../../stores/earnings";
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
    await screen.findByText("A");
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByText("C");
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
    await screen.findByText("A");
    const latest = observers.at(-1)!;
    act(() => latest.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    await screen.findByText("C");
    expect(titles()).toEqual(["A", "B", "C"]);
  });

  it("logs a failed request and shows the empty state", async () => {
    const consoleError = expectConsoleError();
    stubFetch({ "GET /api/content": { status: 500 } });
    renderFeed();
    expect(await screen.findByText("No content found")).toBeTruthy();
    expect(String(consoleError.mock.calls[0][0])).toContain("Failed to load content: API responded with HTTP status 500");
  });

  it("refreshes in the background when its refresh key changes, keeping the pages loaded below", async () => {
    useEarnings.setState({ version: 0 });
    const Refreshing = () => <ContentFeed query={{}} refreshKey={useEarnings((st) => st.version)} />;
    const fresh = makeContent({ title: "N" });
    let refreshed = false;
    stubFetch({
      "GET /api/content": (_init, url) =>
        url.searchParams.get("cursor") === "page2"
          ? { body: contentPage(second) }
          : { body: refreshed ? contentPage([fresh, first[0]], "page2b") : contentPage(first, "page2") },
    });
    renderRoutes([{ path: "*", element: <Refreshing /> }], "/");
    await screen.findByText("A");
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByText("C");

    refreshed = true;
    act(() => useEarnings.setState({ version: 1 }));
    await screen.findByText("N");
    // The new first page on top, then what was further down; B dropped off page one but is kept.
    expect(titles()).toEqual(["N", "A", "B", "C"]);
    expect(screen.queryAllByTestId("content-placeholder")).toHaveLength(0);
    // All pages were loaded before: the end of the list stays the end.
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });
});
