import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { ContentJson } from "../lib/types";
import { useAuth } from "../stores/auth";
import { stubFetch } from "../test/fetch";
import { ava } from "../test/fixtures";
import { renderApp } from "../test/render-route";
import { backgroundEarningsRoutes } from "../test/earnings-fixtures";

const liked: ContentJson = {
  id: "c9",
  title: "Sunset timelapse",
  description: "Golden hour",
  type: "video",
  tags: "nature,sky",
  thumbnail_key: null,
  thumbnail_url: null,
  created_by: "u-ben",
  creator_name: "ben",
  duration: 75,
  r2_key: "media/c9.mp4",
  like_count: 3,
  created_at: "2025-01-02T00:00:00.000Z",
  updated_at: "2025-01-02T00:00:00.000Z",
};

async function openSettings() {
  const view = renderApp("/profile");
  await screen.findByRole("tablist", { name: "Profile sections" });
  return view;
}

const usernameInput = () => screen.getByLabelText("Username");
const save = () => screen.getByRole("button", { name: "Save Changes" });

async function trySave(username: string) {
  fireEvent.change(usernameInput(), { target: { value: username } });
  fireEvent.click(save());
}

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

describe("profile settings", () => {
  it("shows four tabs, the read-only email and the prefilled username; Save waits for a change", async () => {
    await openSettings();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Profile Settings", "My Content", "Liked Content", "Analytics"]);
    expect(screen.getByLabelText("Email")).toHaveProperty("readOnly", true);
    expect(screen.getByLabelText("Email")).toHaveProperty("value", "ava@example.com");
    expect(usernameInput()).toHaveProperty("value", "ava");
    expect(usernameInput().getAttribute("maxlength")).toBe("20");
    expect(save()).toHaveProperty("disabled", true);
    fireEvent.change(usernameInput(), { target: { value: "ava_2" } });
    expect(save()).toHaveProperty("disabled", false);
  });

  it.each([
    ["", "Username cannot be empty"],
    ["ab", "Username must be between 3 and 20 characters"],
    ["a".repeat(21), "Username must be between 3 and 20 characters"],
    ["ava smith!", "Username can only contain letters, numbers, and underscores"],
  ])("refuses %j before asking the server: %s", async (username, message) => {
    const fetchMock = stubFetch({});
    await openSettings();
    await trySave(username);
    expect(screen.getByRole("alert").textContent).toBe(message);
    // Only the username is checked here; the page-visit tracker at the root may call the API meanwhile.
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/users/me/username")).toEqual([]);
  });

  it.each([
    ["the server's reason", { status: 409, body: { error: "That username is already taken", requestId: "r" } }, "That username is already taken"],
    ["a generic text without one", { status: 500, body: {} }, "Failed to update username"],
  ])("on a refusal shows %s", async (_case, reply, message) => {
    stubFetch({ "PATCH /api/users/me/username": reply });
    await openSettings();
    await trySave("ava_new");
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", message);
    expect(useAuth.getState().user?.username).toBe("ava");
  });

  it("says so when the network fails", async () => {
    stubFetch({
      "PATCH /api/users/me/username": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    await openSettings();
    await trySave("ava_new");
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Network error occurred");
  });

  it("saves, confirms and updates the signed-in user", async () => {
    const fetchMock = stubFetch({ "PATCH /api/users/me/username": { body: { ...ava, username: "ava_new" } } });
    await openSettings();
    await trySave(" ava_new ");
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "Username updated successfully!");
    const [, init] = fetchMock.mock.calls.find(([url]) => url === "/api/users/me/username")!;
    expect(JSON.parse(String(init?.body))).toEqual({ username: "ava_new" });
    expect(useAuth.getState().user?.username).toBe("ava_new");
    expect(screen.getByRole("banner").textContent).toContain("ava_new");
    expect(save()).toHaveProperty("disabled", true);
  });

  it("Cancel goes home", async () => {
    stubFetch({ ...backgroundEarningsRoutes, "GET /api/content": { body: { items: [], nextCursor: null } } });
    const { router } = await openSettings();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });
});

describe("liked content", () => {
  it("explains likes and lists the liked items", async () => {
    stubFetch({ "GET /api/content/liked": { body: { items: [liked], nextCursor: null } } });
    await openSettings();
    fireEvent.click(screen.getByRole("tab", { name: "Liked Content" }));
    expect(await screen.findByRole("link", { name: "Sunset timelapse" })).toHaveProperty("pathname", "/content/c9");
    expect(screen.getByText(/helps our AI recommendations/)).toBeVisible();
  });

  it("says when nothing is liked yet", async () => {
    stubFetch({ "GET /api/content/liked": { body: { items: [], nextCursor: null } } });
    await openSettings();
    fireEvent.click(screen.getByRole("tab", { name: "Liked Content" }));
    expect(await screen.findByText("You haven't liked any content yet")).toBeVisible();
  });
});
