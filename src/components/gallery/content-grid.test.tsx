import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeContent } from "../../test/content-fixtures";
import { renderRoutes } from "../../test/render-route";
import { ContentGrid } from "./content-grid";

describe("ContentGrid", () => {
  it("shows exactly 8 placeholder cards while loading", () => {
    renderRoutes([{ path: "*", element: <ContentGrid items={[makeContent()]} loading /> }], "/");
    expect(screen.getAllByTestId("content-placeholder")).toHaveLength(8);
    expect(screen.getByLabelText("Loading content").getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("says so when there is nothing, in the gallery's words unless told otherwise", () => {
    const { unmount } = renderRoutes([{ path: "*", element: <ContentGrid items={[]} loading={false} /> }], "/");
    expect(screen.getByText("No content found")).toBeVisible();
    expect(screen.getByText("Be the first to upload something!")).toBeVisible();
    unmount();
    renderRoutes(
      [{ path: "*", element: <ContentGrid items={[]} loading={false} emptyTitle="Nothing liked" emptyText="Like something" /> }],
      "/",
    );
    expect(screen.getByText("Nothing liked")).toBeVisible();
    expect(screen.queryByText("No content found")).toBeNull();
  });

  it("lists one card per item", () => {
    const items = [makeContent(), makeContent(), makeContent()];
    renderRoutes([{ path: "*", element: <ContentGrid items={items} loading={false} /> }], "/");
    expect(screen.getAllByRole("article")).toHaveLength(3);
  });
});
