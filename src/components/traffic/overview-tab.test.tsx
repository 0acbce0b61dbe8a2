import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { OverviewTab } from "./overview-tab";
import { dashboard } from "../../test/traffic-fixtures";

// happy-dom has no canvas; the chart is not what this file is about.
vi.mock("react-chartjs-2", () => ({ Line: () => null, Pie: () => null, Bar: () => null }));

describe("traffic overview: Top Pages", () => {
  it("shows the title a path names above the path, both as text", () => {
    const path = "/content/01JBD3M000000000000000AVA0";
    const data = {
      ...dashboard,
      overview: {
        ...dashboard.overview,
        topPages: [
          { page: path, views: 12, title: "Sunset over the bay" },
          { page: "/creator/01JBD3M000000000000000AVA1", views: 3, title: "ava" },
          { page: "/", views: 2 },
        ],
      },
    };
    render(<OverviewTab data={data} days={7} now={Date.UTC(2026, 10, 21)} />);
    const pages = within(screen.getByRole("list", { name: "Top Pages" }));
    expect(pages.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      `Sunset over the bay${path}12 views`,
      "ava/creator/01JBD3M000000000000000AVA13 views",
      "/2 views",
    ]);
    expect(pages.getByText("Sunset over the bay").title).toBe("Sunset over the bay");
    expect(pages.getByText(path).title).toBe(path);
    expect(pages.queryAllByRole("link")).toEqual([]);
  });
});
