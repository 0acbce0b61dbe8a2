import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuth } from "../../stores/auth";
import { contentPage, makeContent } from "../../test/content-fixtures";
import { backgroundEarningsRoutes } from "../../test/earnings-fixtures";
import { stubFetch } from "../../test/fetch";
import { ava } from "../../test/fixtures";
import { renderApp } from "../../test/render-route";
import { formatViews } from "./view-count";

// View counts (qualified views, docs/decisions/047) on cards, the player's details and the creator page, and the
// related list beside the player.

const item = makeContent({ title: "Night Drive", view_count: 1234 });
// The first three suggestions are Up Next's at the end (docs/decisions/098); Related lists the rest.
const upNext = [
  makeContent({ title: "Next One" }),
  makeContent({ title: "Next Two" }),
  makeContent({ title: "Next Three" }),
];
const related = [
  makeContent({ title: "Morning Run", view_count: 1 }),
  makeContent({ title: "Long Drive", view_count: 25_300 }),
];

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

describe("view counts", () => {
  it("are written in words, short on cards", () => {
    expect(formatViews(0)).toBe("0 views");
    expect(formatViews(1)).toBe("1 view");
    expect(formatViews(1234)).toBe("1,234 views");
    expect(formatViews(1234, true)).toBe("1,234 views");
    expect(formatViews(25_300, true)).toBe("25.3K views");
    expect(formatViews(2_000_000, true)).toBe("2M views");
  });

  it("show on the gallery's cards", async () => {
    stubFetch({ ...backgroundEarningsRoutes, "GET /api/content": { body: contentPage([item]) } });
    renderApp("/");
    const card = (await screen.findByRole("link", { name: "Night Drive" })).closest("article")!;
    expect(within(card as HTMLElement).getByText("1,234 views")).toBeVisible();
  });

  it("show among the player's details, with the related list of the item's suggestions", async () => {
    stubFetch({
      [`GET /api/content/${item.id}`]: { body: item },
      [`GET /api/content/${item.id}/like-status`]: { body: { liked: false, like_count: 0 } },
      [`GET /api/content/${item.id}/suggestions`]: { body: { suggestions: [...upNext, ...related] } },
      "GET /api/ad-settings": { body: { preroll_enabled: "false", postroll_enabled: "false", vast_url: "" } },
    });
    renderApp(`/content/${item.id}`);
    await screen.findByRole("heading", { name: "Night Drive", level: 1 });
    expect(screen.getByText("Views").nextElementSibling?.textContent).toBe("1,234");
    const aside = await screen.findByRole("complementary", { name: "Related" });
    const links = within(aside).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(related.map((r) => `/content/${r.id}`));
    expect(within(aside).getByText("1 view")).toBeVisible();
    expect(within(aside).getByText("25.3K views").getAttribute("title")).toBe("25,300 views");
  });

  it("add up on the creator page", async () => {
    stubFetch({
      [`GET /api/users/${ava.id}`]: {
        body: {
          id: ava.id,
          username: "ava",
          display_name: "ava",
          created_at: ava.created_at,
          video_count: 2,
          audio_count: 0,
          view_count: 1500,
          followers: 0,
          following: false,
          bio: null,
          links: [],
          avatar_url: null,
          banner_url: null,
        },
      },
      "GET /api/content": { body: contentPage([item]) },
    });
    renderApp(`/creator/${ava.id}`);
    const published = await screen.findByRole("list", { name: "Published" });
    expect(within(published).getByText("1,500 views")).toBeVisible();
  });
});
