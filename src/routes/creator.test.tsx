import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CreatorPageJson } from "../../common/schemas/users";
import { expectConsoleError } from "../test/console";
import { contentPage, makeContent } from "../test/content-fixtures";
import { stubFetch } from "../test/fetch";
import { ava } from "../test/fixtures";
import { renderApp } from "../test/render-route";
import { useAuth } from "../stores/auth";

const creator: CreatorPageJson = {
  id: ava.id,
  username: "ava",
  display_name: "ava",
  created_at: "2025-03-14T12:00:00.000Z",
  video_count: 12,
  audio_count: 1,
  followers: 3,
  following: false,
  view_count: 1500,
  bio: null,
  links: [],
  avatar_url: null,
  banner_url: null,
};
const video = makeContent({ title: "Ava's video", type: "video" });
const audio = makeContent({ title: "Ava's track", type: "audio" });

/** Answers the creator and their content (filtered by type); returns the content queries made. */
function stubCreator() {
  const queries: URLSearchParams[] = [];
  stubFetch({
    [`GET /api/users/${ava.id}`]: { body: creator },
    "GET /api/content": (_init, url) => {
      queries.push(url.searchParams);
      const type = url.searchParams.get("type");
      return { body: contentPage([video, audio].filter((item) => !type || item.type === type)) };
    },
  });
  return queries;
}

describe("creator page", () => {
  it("shows the creator's name, joined date and counts", async () => {
    stubCreator();
    renderApp(`/creator/${ava.id}`);
    expect(await screen.findByRole("heading", { name: "ava", level: 1 })).toBeVisible();
    expect(screen.getByText("Joined Mar 14, 2025")).toBeVisible();
    expect(screen.getByText("12 videos")).toBeVisible();
    expect(screen.getByText("1 audio")).toBeVisible();
    await screen.findByRole("link", { name: "Ava's track" });
  });

  it("filters the creator's content with the All, Videos and Audio tabs", async () => {
    const queries = stubCreator();
    renderApp(`/creator/${ava.id}`);
    expect((await screen.findByRole("tab", { name: "All" })).getAttribute("aria-selected")).toBe("true");
    await screen.findByRole("link", { name: "Ava's video" });
    expect(screen.getByRole("link", { name: "Ava's track" })).toBeVisible();
    expect(queries.at(-1)?.get("creator")).toBe(ava.id);
    expect(queries.at(-1)?.get("type")).toBeNull();

    fireEvent.click(screen.getByRole("tab", { name: "Audio" }));
    await screen.findByRole("link", { name: "Ava's track" });
    expect(screen.queryByRole("link", { name: "Ava's video" })).toBeNull();
    expect(queries.at(-1)?.get("type")).toBe("audio");
    expect(queries.at(-1)?.get("creator")).toBe(ava.id);

    fireEvent.click(screen.getByRole("tab", { name: "Videos" }));
    await screen.findByRole("link", { name: "Ava's video" });
    expect(queries.at(-1)?.get("type")).toBe("video");
  });

  it("sends an unknown creator's page home, replacing the address", async () => {
    stubFetch({ "GET /api/content": { body: contentPage([]) } });
    const { router } = renderApp("/creator/01J0000000000000000000NONE");
    await screen.findByRole("heading", { name: "Discover Content" });
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("sends a visitor home from an address that names no creator (the API answers 404 to everyone)", async () => {
    useAuth.setState({ user: null, pending: false });
    const fetchMock = stubFetch({
      "GET /api/users/doesnotexist": { status: 404, body: { error: "Creator not found", requestId: "r" } },
      "GET /api/content": { body: contentPage([]) },
    });
    const { router } = renderApp("/creator/doesnotexist");
    await screen.findByRole("heading", { name: "Discover Content" });
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(screen.queryByRole("heading", { name: "Creator Not Found" })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/users/doesnotexist");
  });

  it("shows Creator Not Found with Go Home when the page cannot be loaded", async () => {
    const consoleError = expectConsoleError();
    stubFetch({ [`GET /api/users/${ava.id}`]: { status: 500 } });
    renderApp(`/creator/${ava.id}`);
    expect(await screen.findByRole("heading", { name: "Creator Not Found" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Go Home" })).toHaveProperty("pathname", "/");
    expect(String(consoleError.mock.calls[0][0])).toContain("Failed to load creator");
  });
});

describe("creator page header (docs/decisions/091)", () => {
  const longBio = `${"w".repeat(990)}<b>x</b>\n🎬`;
  const links = [1, 2, 3, 4, 5].map((n) => ({
    url: `https://www.a-very-long-subdomain-name-${n}.example.com/${"p".repeat(200)}`,
    host: `a-very-long-subdomain-name-${n}.example.com`,
  }));

  it("shows the bio as plain text and each link by its host, opening in a new tab without endorsing it", async () => {
    stubFetch({
      [`GET /api/users/${ava.id}`]: { body: { ...creator, bio: longBio, links } },
      "GET /api/content": { body: contentPage([]) },
    });
    renderApp(`/creator/${ava.id}`);
    const bio = await screen.findByText((_, el) => el?.tagName === "P" && el.textContent === longBio);
    // The markup is text: no element was made from it.
    expect(bio.querySelector("b")).toBeNull();
    expect(bio.className).toContain("wrap-anywhere");
    expect(bio.className).toContain("whitespace-pre-line");
    const shown = screen.getAllByRole("link", { name: /opens in a new tab/ });
    expect(shown).toHaveLength(5);
    shown.forEach((a, i) => {
      expect(a.getAttribute("href")).toBe(links[i]!.url);
      expect(a.getAttribute("rel")).toBe("nofollow ugc noopener");
      expect(a.getAttribute("target")).toBe("_blank");
      expect(a.textContent).toBe(`${links[i]!.host} (opens in a new tab)`);
    });
  });

  it("shows the avatar and banner when set, the initial and a plain header when not", async () => {
    stubFetch({
      [`GET /api/users/${ava.id}`]: {
        body: {
          ...creator,
          avatar_url: `/api/users/${ava.id}/avatar?v=a1`,
          banner_url: `/api/users/${ava.id}/banner?v=b1`,
        },
      },
      "GET /api/content": { body: contentPage([]) },
    });
    const { unmount } = renderApp(`/creator/${ava.id}`);
    const header = (await screen.findByRole("heading", { name: "ava", level: 1 })).closest("header")!;
    const [banner, avatar] = [...header.querySelectorAll("img")];
    expect(banner!.getAttribute("src")).toBe(`/api/users/${ava.id}/banner?v=b1`);
    expect(avatar!.getAttribute("src")).toBe(`/api/users/${ava.id}/avatar?v=a1`);
    expect([avatar!.getAttribute("width"), avatar!.getAttribute("height")]).toEqual(["96", "96"]);
    unmount();

    stubCreator();
    renderApp(`/creator/${ava.id}`);
    const plain = (await screen.findByRole("heading", { name: "ava", level: 1 })).closest("header")!;
    expect(plain.querySelector("img")).toBeNull();
    expect(screen.getByTestId("avatar-fallback").textContent).toBe("A");
  });
});
