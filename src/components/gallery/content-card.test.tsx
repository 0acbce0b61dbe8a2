import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeContent } from "../../test/content-fixtures";
import { renderRoutes } from "../../test/render-route";
import { ContentCard } from "./content-card";
import type { DiscoveryMethod } from "../../lib/discovery";
import { readDiscovery } from "../../lib/discovery";

const renderCard = (item = makeContent(), discovery?: DiscoveryMethod) =>
  renderRoutes([{ path: "*", element: <ContentCard item={item} discovery={discovery} /> }], "/");

describe("ContentCard", () => {
  it("links to the content and its creator, with duration, description and at most two tags", () => {
    const item = makeContent({ title: "Night Drive", tags: "synth, retro ,night,drive", duration: 125 });
    renderCard(item);
    expect(screen.getByRole("link", { name: "Night Drive" })).toHaveProperty("pathname", `/content/${item.id}`);
    expect(screen.getByRole("link", { name: "ava" })).toHaveProperty("pathname", `/creator/${item.created_by}`);
    expect(screen.getByText("2:05")).toBeVisible();
    expect(screen.getByText(item.description)).toBeVisible();
    const tags = within(screen.getByRole("list", { name: "Tags" })).getAllByRole("listitem");
    expect(tags.map((tag) => tag.textContent)).toEqual(["synth", "retro"]);
  });

  it("compact (the home shelf's rows): title, creator and views only, so a row's height never grows", () => {
    const item = makeContent({ title: "Night Drive", description: "A long description", tags: "synth,retro" });
    renderRoutes([{ path: "*", element: <ContentCard item={item} compact /> }], "/");
    expect(screen.getByRole("link", { name: "Night Drive" })).toBeVisible();
    expect(screen.queryByText("A long description")).toBeNull();
    expect(screen.queryByRole("list", { name: "Tags" })).toBeNull();
  });

  it("keeps a creator name of one unbroken word on one line, the whole name in its tooltip", () => {
    const name = `W${"W".repeat(60)}Z`;
    renderCard(makeContent({ creator_name: name }));
    const label = screen.getByText(name);
    expect(label.className).toContain("truncate");
    expect(label.getAttribute("title")).toBe(name);
  });

  it("shows the thumbnail lazily, and the type icon when there is none or it fails to load", () => {
    renderCard(makeContent({ thumbnail_url: "/api/content/x/thumbnail?v=1" }));
    const image = document.querySelector("img")!;
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.getAttribute("alt")).toBe("");
    expect(screen.queryByTestId("thumbnail-fallback")).toBeNull();
    fireEvent.error(image);
    expect(document.querySelector("img")).toBeNull();
    expect(screen.getByTestId("thumbnail-fallback")).toBeVisible();
  });

  it("uses a video or a music icon by type when there is no thumbnail", () => {
    renderCard(makeContent({ type: "audio", thumbnail_url: null }));
    // The music note is drawn with circles; the video frame with a rect.
    expect(screen.getByTestId("thumbnail-fallback").querySelector("circle")).toBeVisible();
    expect(screen.getByTestId("thumbnail-fallback").querySelector("rect")).toBeNull();
  });

  it("tells the content page how the viewer found it", () => {
    const item = makeContent({ title: "Found by search" });
    const { router } = renderCard(item, "search");
    fireEvent.click(screen.getByRole("link", { name: "Found by search" }));
    expect(router.state.location.pathname).toBe(`/content/${item.id}`);
    expect(readDiscovery(router.state.location.state)).toBe("search");
    expect(readDiscovery(null)).toBe("shared_link");
  });

  it("keeps the whole of a 200-character title without spaces reachable, and its tags whole in a tooltip", () => {
    const title = "W".repeat(200);
    const tag = "t".repeat(40);
    renderCard(makeContent({ title, description: "https://example.com/" + "x".repeat(4980), tags: tag }));
    const link = screen.getByRole("link", { name: title });
    // The card clamps it to two lines (its width is checked in e2e/home-layout.spec.ts, jsdom has no layout);
    // the tooltip and the content page have it all.
    expect(link.getAttribute("title")).toBe(title);
    expect(screen.getByText(tag).getAttribute("title")).toBe(tag);
  });
});
