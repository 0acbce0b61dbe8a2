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
      [
        {
          path: "*",
          element: <ContentGrid items={[]} loading={false} emptyTitle="Nothing liked" emptyText="Like something" />,
        },
      ],
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

  it("fetches the first row's images at once, the first with high priority and its size reserved; the rest lazily", () => {
    const items = Array.from({ length: 6 }, () =>
      makeContent({ thumbnail_url: `/api/content/${Math.random()}/thumbnail?v=1` }),
    );
    const { container } = renderRoutes([{ path: "*", element: <ContentGrid items={items} loading={false} /> }], "/");
    const images = [...container.querySelectorAll("img")];
    expect(images.map((i) => i.getAttribute("loading"))).toEqual(["eager", "eager", "eager", "eager", "lazy", "lazy"]);
    expect(images.map((i) => i.getAttribute("fetchpriority"))).toEqual([
      "high",
      "auto",
      "auto",
      "auto",
      "auto",
      "auto",
    ]);
    expect(images.every((i) => i.getAttribute("width") === "640" && i.getAttribute("height") === "360")).toBe(true);
  });
});
