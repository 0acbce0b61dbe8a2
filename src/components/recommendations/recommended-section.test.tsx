import { act, fireEvent, screen, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { refreshAfterCredits } from "../../queries/earnings-run";
import { expectConsoleError } from "../../test/console";
import { makeContent } from "../../test/content-fixtures";
import { deferred, stubFetch } from "../../test/fetch";
import { renderWithQueries } from "../../test/query-client";
import { readDiscovery } from "../gallery/discovery";
import { RecommendedSection } from "./recommended-section";

const drive = makeContent({ title: "Night Drive" });
const jazz = makeContent({ title: "Late Night Jazz", type: "audio" });

function renderSection() {
  const router = createMemoryRouter(
    [
      { path: "/", element: <RecommendedSection /> },
      { path: "/content/:id", element: <p>Content page</p> },
    ],
    { initialEntries: ["/"] },
  );
  const { queryClient } = renderWithQueries(<RouterProvider router={router} />);
  return { router, queryClient };
}

describe("RecommendedSection", () => {
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
    const section = screen.getByRole("region", { name: "Recommended for You" });
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

  it("logs a failure and leaves the section out", async () => {
    const consoleError = expectConsoleError();
    stubFetch({ "GET /api/content/recommendations": { status: 500 } });
    renderSection();
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(String(consoleError.mock.calls[0][0])).toBe(
      "Error: Failed to load recommendations: API responded with HTTP status 500",
    );
    expect(screen.queryByRole("region", { name: "Recommended for You" })).toBeNull();
  });
});
