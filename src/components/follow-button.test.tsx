import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { CreatorPageJson } from "../../common/schemas/users";
import { useAuth } from "../stores/auth";
import { bodiesOf, deferred, stubFetch } from "../test/fetch";
import { ava } from "../test/fixtures";
import { renderRoutes } from "../test/render-route";
import { FollowButton } from "./follow-button";

const BEN = "01J000000000000000000000BN";
const ben = (following: boolean, followers: number): CreatorPageJson => ({
  id: BEN,
  username: "ben",
  display_name: "ben",
  created_at: "2025-01-01T00:00:00.000Z",
  video_count: 1,
  audio_count: 0,
  view_count: 0,
  following,
  followers,
  bio: null,
  links: [],
  avatar_url: null,
  banner_url: null,
});
const render = (creatorId = BEN) => renderRoutes([{ path: "*", element: <FollowButton creatorId={creatorId} /> }], "/");

describe("FollowButton", () => {
  it("follows with one click, shows Following at once, and takes the server's count", async () => {
    useAuth.setState({ user: ava, pending: false });
    const answer = deferred<{ body: unknown }>();
    const fetchMock = stubFetch({
      [`GET /api/users/${BEN}`]: { body: ben(false, 4) },
      [`PUT /api/creators/${BEN}/follow`]: () => answer.promise,
    });
    render();
    const button = await screen.findByRole("button", { name: "Follow" });
    expect(screen.getByText("4 followers")).toBeVisible();
    fireEvent.click(button);
    expect(screen.getByRole("button", { name: "Following" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText("5 followers")).toBeVisible();
    answer.resolve({ body: { following: true, followers: 7 } });
    expect(await screen.findByText("7 followers")).toBeVisible();
    expect(bodiesOf(fetchMock, `PUT /api/creators/${BEN}/follow`)).toHaveLength(1);
  });

  it("unfollows from Following", async () => {
    useAuth.setState({ user: ava, pending: false });
    const fetchMock = stubFetch({
      [`GET /api/users/${BEN}`]: { body: ben(true, 1) },
      [`DELETE /api/creators/${BEN}/follow`]: { body: { following: false, followers: 0 } },
    });
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Following" }));
    expect(await screen.findByText("0 followers")).toBeVisible();
    expect(screen.getByRole("button", { name: "Follow" })).toBeVisible();
    expect(bodiesOf(fetchMock, `DELETE /api/creators/${BEN}/follow`)).toHaveLength(1);
  });

  it("says why when the server refuses (the follow limit's 429), and puts the button back", async () => {
    useAuth.setState({ user: ava, pending: false });
    stubFetch({
      [`GET /api/users/${BEN}`]: { body: ben(false, 4) },
      [`PUT /api/creators/${BEN}/follow`]: {
        status: 429,
        body: {
          error: "You're following and unfollowing too fast. Please wait a minute and try again.",
          code: "rate_limited",
          requestId: "r",
        },
      },
    });
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Follow" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "You're following and unfollowing too fast. Please wait a minute and try again.",
    );
    expect(screen.getByRole("button", { name: "Follow" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByText("4 followers")).toBeVisible();
  });

  it("shows only the count on one's own page, and sends a visitor to sign in", async () => {
    useAuth.setState({ user: ava, pending: false });
    stubFetch({ [`GET /api/users/${ava.id}`]: { body: { ...ben(false, 1), id: ava.id } } });
    const own = render(ava.id);
    expect(await screen.findByText("1 follower")).toBeVisible();
    expect(screen.queryByRole("button")).toBeNull();
    own.unmount();

    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    useAuth.setState({ user: null, pending: false });
    const fetchMock = stubFetch({
      [`GET /api/users/${BEN}`]: { body: ben(true, 2) },
      "GET /api/oauth/google/redirect_url": { body: { redirectUrl: "/auth/dev?state=s" } },
    });
    render();
    // A cached "following" of the last member is not the visitor's.
    fireEvent.click(await screen.findByRole("button", { name: "Follow" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/auth/dev?state=s"));
    expect(bodiesOf(fetchMock, `PUT /api/creators/${BEN}/follow`)).toHaveLength(0);
  });
});
