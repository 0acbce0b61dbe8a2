import { act, fireEvent, screen, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { refreshAfterCredits } from "../../queries/earnings-run";
import { expectConsoleError } from "../../test/console";
import { makeContent } from "../../test/content-fixtures";
import { deferred, stubFetch } from "../../test/fetch";
import { renderWithQueries } from "../../test/query-client";
import { readDiscovery } from "../../lib/discovery";
import { HomeShelf } from "./home-shelf";

const drive = makeContent({ title: "Night Drive" });
const jazz = makeContent({ title: "Late Night Jazz", type: "audio" });

function renderSection() {
  const router = createMemoryRouter(
    [
      { path: "/", element: <HomeShelf /> },
      { path: "/content/:id", element: <p>Content page</p> },
    ],
    { initialEntries: ["/"] },
  );
  const { queryClient } = renderWithQueries(<RouterProvider router={router} />);
  return { router, queryClient };
}

describe("Recommended for You, in the home shelf", () => {
  it("shows placeholders, then the picks as cards that open as AI-recommended", async () => {
    const reply = deferred<{ body: unknown }>();
    const queries: URLSearchParams[] = [];
    stubFetch({
      "GET /api/content/recommendations": (_init, url) => {
        queries.push(url.searchParams);
        return reply.promise;
      },
    });
    const { router } = renderSection();
    const section = screen.getByRole("tabpanel", { name: "Recommended for You" });
    expect(within(section).getAllByTestId("recommendation-placeholder").length).toBeGreaterThan(0);

    reply.resolve({ body: { items: [drive, jazz] } });
    const links = await within(section).findAllByRole("link", { name: /Night/ });
    expect(links.map((link) => link.textContent)).toEqual(["Night Drive", "Late Night Jazz"]);
    expect(within(section).queryByTestId("recommendation-placeholder")).toBeNull();
    expect(queries[0].get("limit")).toBe("12");

    fireEvent.click(screen.getByRole("link", { name: "Late Night Jazz" }));
    expect(router.state.location.pathname).toBe(`/content/${jazz.id}`);
    expect(readDiscovery(router.state.location.state)).toBe("ai_recommended");
  });

  it("says so kindly when there is nothing to recommend", async () => {
    stubFetch({ "GET /api/content/recommendations": { body: { items: [] } } });
    renderSection();
    expect(await screen.findByText(/Nothing to recommend yet/)).toBeVisible();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("fetches again when the earnings job credited views, keeping the row meanwhile", async () => {
    let calls = 0;
    const second = deferred<{ body: unknown }>();
    stubFetch({
      "GET /api/content/recommendations": () => (++calls === 1 ? { body: { items: [drive] } } : second.promise),
    });
    const { queryClient } = renderSection();
    await screen.findByRole("link", { name: "Night Drive" });

    // What the home page's earnings poll does when a run credited views.
    act(() => void refreshAfterCredits(queryClient));
    expect(calls).toBe(2);
    expect(screen.getByRole("link", { name: "Night Drive" })).toBeVisible();
    second.resolve({ body: { items: [jazz, drive] } });
    await screen.findByRole("link", { name: "Late Night Jazz" });
  });

  it("pages the row with Previous and Next, by whole cards, each dimmed at its end", async () => {
    const picks = Array.from({ length: 12 }, (_, index) => makeContent({ title: `Pick ${index + 1}` }));
    stubFetch({ "GET /api/content/recommendations": { body: { items: picks } } });
    renderSection();
    await screen.findByRole("link", { name: "Pick 12" });
    const row = screen.getByRole("list", { name: "Recommended for You" });
    const previous = screen.getByRole("button", { name: "Previous recommendations" });
    const next = screen.getByRole("button", { name: "Next recommendations" });
    // Buttons in the tab order, before the cards: a keyboard reaches them first.
    for (const button of [previous, next]) expect(button.tabIndex).toBe(0);
    expect(previous.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // jsdom has no layout: everything "fits", so there is nowhere to go.
    expect([previous.getAttribute("aria-disabled"), next.getAttribute("aria-disabled")]).toEqual(["true", "true"]);

    // A 620 px row of 12 cards of 288 px with 16 px gaps: two cards in view at a time.
    const scrollBy = vi.fn();
    let scrollLeft = 0;
    Object.defineProperties(row, {
      clientWidth: { configurable: true, value: 620 },
      scrollWidth: { configurable: true, value: 12 * 304 - 16 },
      scrollLeft: { configurable: true, get: () => scrollLeft },
      scrollBy: { configurable: true, value: scrollBy },
    });
    row.style.columnGap = "16px";
    Object.defineProperty(row.firstElementChild, "offsetWidth", { configurable: true, value: 288 });
    const scrollTo = (left: number) => {
      scrollLeft = left;
      fireEvent.scroll(row);
    };
    scrollTo(0);
    expect([previous.getAttribute("aria-disabled"), next.getAttribute("aria-disabled")]).toEqual(["true", "false"]);

    fireEvent.click(next);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 608 });
    scrollTo(608);
    expect([previous.getAttribute("aria-disabled"), next.getAttribute("aria-disabled")]).toEqual(["false", "false"]);

    // At the far end Next is dimmed and does nothing; Previous goes back a page.
    scrollTo(12 * 304 - 16 - 620);
    expect(next.getAttribute("aria-disabled")).toBe("true");
    scrollBy.mockClear();
    fireEvent.click(next);
    expect(scrollBy).not.toHaveBeenCalled();
    fireEvent.click(previous);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -608 });
  });

  it("moves between cards with the arrow keys, Home and End", async () => {
    const picks = Array.from({ length: 12 }, (_, index) => makeContent({ title: `Pick ${index + 1}` }));
    stubFetch({ "GET /api/content/recommendations": { body: { items: picks } } });
    renderSection();
    const first = await screen.findByRole("link", { name: "Pick 1" });
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowRight" });
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Pick 2" }));
    fireEvent.keyDown(document.activeElement!, { key: "End" });
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Pick 12" }));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Pick 12" }));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Pick 11" }));
    // From a card's creator link too; the key is the row's, so the page does not scroll as well.
    const creator = within(screen.getByRole("link", { name: "Pick 11" }).closest("li")!).getByRole("link", {
      name: "ava",
    });
    creator.focus();
    expect(fireEvent.keyDown(creator, { key: "Home" })).toBe(false);
    expect(document.activeElement).toBe(first);
    // Other keys are left alone.
    expect(fireEvent.keyDown(first, { key: "ArrowDown" })).toBe(true);
  });

  it("logs a failure and leaves the section out", async () => {
    const consoleError = expectConsoleError();
    stubFetch({ "GET /api/content/recommendations": { status: 500 } });
    renderSection();
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(String(consoleError.mock.calls[0][0])).toBe(
      "Error: Failed to load recommendations: API responded with HTTP status 500",
    );
    // Nothing else to show either: no shelf at all.
    expect(screen.queryByRole("tab", { name: "Recommended for You" })).toBeNull();
    expect(screen.queryByRole("tablist")).toBeNull();
  });
});
