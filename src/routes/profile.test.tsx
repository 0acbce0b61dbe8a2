import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { ContentJson } from "../../common/schemas/content";
import { useAuth } from "../stores/auth";
import { bodiesOf, stubFetch } from "../test/fetch";
import { ava } from "../test/fixtures";
import { renderApp } from "../test/render-route";
import { backgroundEarningsRoutes } from "../test/earnings-fixtures";
import { stubBrowserDialogs } from "../test/browser-dialogs";
import { SIGN_OUT_EVERYWHERE_CONFIRM } from "../components/profile/sign-out-everywhere";

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
  creator_avatar_url: null,
  duration: 75,
  r2_key: "media/c9.mp4",
  like_count: 3,
  view_count: 0,
  created_at: "2025-01-02T00:00:00.000Z",
  updated_at: "2025-01-02T00:00:00.000Z",
  visibility: "public",
  published_at: "2025-01-02T00:00:00.000Z",
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
  it("shows its tabs, the read-only email and the prefilled username; Save waits for a change", async () => {
    await openSettings();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Profile Settings",
      "My Content",
      "Liked Content",
      "History",
      "Playlists",
      "Analytics",
      "Following",
    ]);
    expect(screen.getByLabelText("Email")).toHaveProperty("readOnly", true);
    expect(screen.getByLabelText("Email")).toHaveProperty("value", "ava@example.com");
    expect(usernameInput()).toHaveProperty("value", "ava");
    // At most 20 letters as they show (docs/decisions/103): a 21st is not taken, and a decomposed "é" (2 code
    // points typed) is one letter, composed.
    fireEvent.change(usernameInput(), { target: { value: "a".repeat(21) } });
    expect(usernameInput()).toHaveProperty("value", "a".repeat(20));
    const accented = "é".repeat(20);
    fireEvent.change(usernameInput(), { target: { value: accented.normalize("NFD") } });
    expect(usernameInput()).toHaveProperty("value", accented.normalize("NFC"));
    fireEvent.change(usernameInput(), { target: { value: "ava" } });
    expect(save()).toHaveProperty("disabled", true);
    fireEvent.change(usernameInput(), { target: { value: "ava_2" } });
    expect(save()).toHaveProperty("disabled", false);
  });

  it.each([
    ["", "Username cannot be empty"],
    ["ab", "Username must be between 3 and 20 characters"],
    ["ava smith!", "Username can only contain letters, numbers, and underscores"],
    ["ad\u200dmin", "Username can only contain letters, numbers, and underscores"],
    ["\u0430dmin", "Username cannot mix Latin letters with Cyrillic or Greek ones"],
  ])("refuses %j before asking the server: %s", async (username, message) => {
    const fetchMock = stubFetch({});
    await openSettings();
    await trySave(username);
    expect(screen.getByRole("alert").textContent).toBe(message);
    // Only the username is checked here; the page-visit tracker at the root may call the API meanwhile.
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/users/me/username")).toEqual([]);
  });

  it.each([
    [
      "the server's reason",
      { status: 409, body: { error: "That username is already taken", requestId: "r" } },
      "That username is already taken",
    ],
    ["a generic text without one", { status: 500, body: {} }, "Failed to update username"],
  ])("on a refusal shows %s", async (_case, reply, message) => {
    stubFetch({ "PATCH /api/users/me/username": reply });
    await openSettings();
    await trySave("ava_new");
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", message);
    expect(useAuth.getState().user?.username).toBe("ava");
  });

  // A whole-script lookalike passes the form's own check; the server refuses it as taken (docs/decisions/104).
  it("asks the server about an all-Cyrillic name that reads as another's, and shows its 409", async () => {
    const cyrillic = "\u0430\u0441\u0435_\u0440\u0430\u0443";
    const fetchMock = stubFetch({
      "PATCH /api/users/me/username": {
        status: 409,
        body: { error: "That username is already taken", code: "username_taken", requestId: "r" },
      },
    });
    await openSettings();
    await trySave(cyrillic);
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "That username is already taken");
    const [, init] = fetchMock.mock.calls.find(([url]) => url === "/api/users/me/username")!;
    expect(JSON.parse(String(init?.body))).toEqual({ username: cyrillic });
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

describe("sign out of all devices", () => {
  const signOutButton = () => screen.getByRole("button", { name: "Sign out of all devices" });
  const calls = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
    fetchMock.mock.calls.filter(([url, init]) => url === path && (init?.method ?? "GET") === method);

  it("asks first, and does nothing when the member says no", async () => {
    const { confirm } = stubBrowserDialogs();
    confirm.mockReturnValue(false);
    const fetchMock = stubFetch({});
    await openSettings();
    fireEvent.click(signOutButton());
    expect(confirm).toHaveBeenCalledWith(SIGN_OUT_EVERYWHERE_CONFIRM);
    expect(calls(fetchMock, "DELETE", "/api/users/me/sessions")).toEqual([]);
    expect(useAuth.getState().user).toEqual(ava);
  });

  it("ends every session, this browser's too, and goes to the signed-out home page", async () => {
    stubBrowserDialogs();
    const fetchMock = stubFetch({
      ...backgroundEarningsRoutes,
      "DELETE /api/users/me/sessions": { body: { ended: 3 } },
      "GET /api/logout": { body: { ok: true } },
      "GET /api/content": { body: { items: [], nextCursor: null } },
    });
    const { router } = await openSettings();
    fireEvent.click(signOutButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(calls(fetchMock, "DELETE", "/api/users/me/sessions")).toHaveLength(1);
    expect(useAuth.getState().user).toBeNull();
    expect(await within(screen.getByRole("banner")).findByRole("button", { name: "Sign In" })).toBeVisible();
  });

  it("says so when it fails, and stays signed in", async () => {
    stubBrowserDialogs();
    stubFetch({ "DELETE /api/users/me/sessions": { status: 500, body: {} } });
    await openSettings();
    fireEvent.click(signOutButton());
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      "Could not sign out of your devices. Please try again.",
    );
    expect(useAuth.getState().user).toEqual(ava);
    expect(signOutButton()).toHaveProperty("disabled", false);
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

describe("profile settings: creator page (docs/decisions/091)", () => {
  const bioBox = () => screen.getByLabelText("Bio");
  const saveProfileButton = () => screen.getByRole("button", { name: "Save profile" });

  it("saves a bio and links and shows what the server kept", async () => {
    const fetchMock = stubFetch({
      "PATCH /api/users/me/profile": {
        body: {
          bio: "Films\n\nand sound",
          links: [{ url: "https://www.example.com/", host: "example.com" }],
          avatar_url: null,
          banner_url: null,
        },
      },
    });
    await openSettings();
    await screen.findByLabelText("Bio");
    expect(bioBox().getAttribute("maxlength")).toBe("1000");
    expect(saveProfileButton()).toHaveProperty("disabled", true);
    fireEvent.change(bioBox(), { target: { value: "Films\n\n\n\nand sound" } });
    expect(screen.getByText("18 / 1,000")).toBeVisible();
    fireEvent.change(screen.getByLabelText("Link 1"), { target: { value: " https://www.example.com " } });
    fireEvent.click(screen.getByRole("button", { name: "Add link" }));
    expect(screen.getByLabelText("Link 2")).toHaveProperty("value", "");
    fireEvent.click(saveProfileButton());
    expect((await screen.findByRole("status")).textContent).toBe("Profile saved.");
    expect(bodiesOf(fetchMock, "PATCH /api/users/me/profile")).toEqual([
      { bio: "Films\n\n\n\nand sound", links: ["https://www.example.com"] },
    ]);
    expect(bioBox()).toHaveProperty("value", "Films\n\nand sound");
  });

  it("refuses a javascript: link before asking the server, and offers at most 5 link fields", async () => {
    const fetchMock = stubFetch({});
    await openSettings();
    await screen.findByLabelText("Bio");
    fireEvent.change(screen.getByLabelText("Link 1"), { target: { value: "javascript:alert(1)" } });
    fireEvent.click(saveProfileButton());
    expect(screen.getByRole("alert").textContent).toBe(
      "Link 1 must be a web address starting with http:// or https://",
    );
    for (let n = 2; n <= 5; n++) fireEvent.click(screen.getByRole("button", { name: "Add link" }));
    expect(screen.getByLabelText("Link 5")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Add link" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Remove link 1" }));
    expect(screen.queryByLabelText("Link 5")).toBeNull();
    expect(bodiesOf(fetchMock, "PATCH /api/users/me/profile")).toEqual([]);
  });

  it("removes the avatar and says so", async () => {
    const avatar = `/api/users/${ava.id}/avatar?v=a1`;
    stubFetch({
      "GET /api/users/me/profile": { body: { bio: null, links: [], avatar_url: avatar, banner_url: null } },
      "DELETE /api/users/me/avatar": { body: { bio: null, links: [], avatar_url: null, banner_url: null } },
    });
    await openSettings();
    fireEvent.click(await screen.findByRole("button", { name: "Remove avatar" }));
    expect(await screen.findByText("Avatar removed.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Remove avatar" })).toBeNull();
    expect(screen.getByText("Add avatar")).toBeVisible();
  });

  it("refuses a picked file that is not an accepted image, in words, without uploading", async () => {
    const fetchMock = stubFetch({});
    await openSettings();
    const input = (await screen.findByText("Add banner")).querySelector("input")!;
    fireEvent.change(input, { target: { files: [new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" })] } });
    expect(
      await screen.findByText("Could not change your banner. Choose a JPEG, PNG, WebP or GIF image."),
    ).toBeVisible();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes("/api/uploads/sign"))).toEqual([]);
  });
});
