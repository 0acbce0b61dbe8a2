import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { ContentJson } from "../../../common/schemas/content";
import { useAuth } from "../../stores/auth";
import { expectConsoleError } from "../../test/console";
import { bodiesOf, deferred, stubFetch } from "../../test/fetch";
import { earningRules } from "../../test/earnings-fixtures";
import { ava } from "../../test/fixtures";
import { renderApp } from "../../test/render-route";
import { stubBrowserDialogs } from "../../test/browser-dialogs";

const video: ContentJson = {
  id: "c1",
  title: "City walk",
  description: "Evening stroll",
  type: "video",
  tags: "city,walk",
  thumbnail_key: null,
  thumbnail_url: null,
  created_by: ava.id,
  creator_name: "ava",
  creator_avatar_url: null,
  duration: 42,
  r2_key: "media/c1.mp4",
  like_count: 0,
  view_count: 0,
  created_at: "2025-01-02T12:00:00.000Z",
  updated_at: "2025-01-02T12:00:00.000Z",
  visibility: "public",
  published_at: "2025-01-02T12:00:00.000Z",
};
const audio: ContentJson = { ...video, id: "c2", title: "Night drive", type: "audio", description: "", tags: "" };
// The list and the earning rules it reads to tell an item too short to earn (docs/decisions/063).
const mine = (...items: ContentJson[]) => ({
  "GET /api/content/mine": { body: { items, nextCursor: null } },
  "GET /api/earning-rules": { body: earningRules },
});

async function openMyContent() {
  renderApp("/profile");
  fireEvent.click(await screen.findByRole("tab", { name: "My Content" }));
  await screen.findByText(/item\(s\)$/);
}

const item = (title: string) => within(screen.getByRole("listitem", { name: title }));
let alert: ReturnType<typeof stubBrowserDialogs>["alert"];
let confirm: ReturnType<typeof stubBrowserDialogs>["confirm"];
beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
  ({ alert, confirm } = stubBrowserDialogs());
});

describe("my content", () => {
  it("counts and shows each upload", async () => {
    stubFetch(mine(video, audio));
    await openMyContent();
    expect(screen.getByText("2 item(s)")).toBeVisible();
    const city = item("City walk");
    expect(city.getByRole("heading", { name: "City walk" })).toBeVisible();
    expect(city.getByText("Evening stroll")).toBeVisible();
    expect(city.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["city", "walk"]);
    expect(city.getByText("Video · Uploaded Jan 2, 2025")).toBeVisible();
    expect(item("Night drive").queryByRole("button", { name: /Generate/ })).toBeNull();
  });

  it("links each upload to its stats", async () => {
    stubFetch(mine(video, audio));
    await openMyContent();
    expect(item("City walk").getByRole("link", { name: "Stats for City walk" }).getAttribute("href")).toBe(
      "/studio/c1",
    );
    expect(item("Night drive").getByRole("link", { name: "Stats for Night drive" }).getAttribute("href")).toBe(
      "/studio/c2",
    );
  });

  it("says when nothing is uploaded yet", async () => {
    stubFetch(mine());
    await openMyContent();
    expect(screen.getByText("0 item(s)")).toBeVisible();
    expect(screen.getByText("No content uploaded yet")).toBeVisible();
  });

  it("edits title, description and tags inline; Cancel leaves them unchanged", async () => {
    const fetchMock = stubFetch({
      ...mine(video),
      "PATCH /api/content/c1": (init) => ({
        body: { ...video, ...JSON.parse(String(init?.body)), tags: "city,night" },
      }),
    });
    await openMyContent();
    fireEvent.click(item("City walk").getByRole("button", { name: "Edit" }));
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: "Something else" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(item("City walk").getByRole("heading", { name: "City walk" })).toBeVisible();

    fireEvent.click(item("City walk").getByRole("button", { name: "Edit" }));
    expect(screen.getByLabelText(/Tags/)).toHaveProperty("value", "city, walk");
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: "City at night" } });
    fireEvent.change(screen.getByLabelText(/Tags/), { target: { value: "city, , night" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByRole("heading", { name: "City at night" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(bodiesOf(fetchMock, "PATCH /api/content/c1")).toEqual([
      { title: "City at night", description: "Evening stroll", tags: ["city", "night"] },
    ]);
  });

  it("says in the form when an edit cannot be saved, never in a browser alert, and stays in edit mode", async () => {
    stubFetch({ ...mine(video), "PATCH /api/content/c1": { status: 500, body: {} } });
    expectConsoleError();
    await openMyContent();
    fireEvent.click(item("City walk").getByRole("button", { name: "Edit" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const form = within(screen.getByRole("form", { name: "Edit City walk" }));
    expect((await form.findByRole("alert")).textContent).toBe("Failed to update content");
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", false);
  });

  // Issue: editing an item deleted in another tab answered with a browser alert (docs/decisions/103).
  it("says in the editor that an item deleted in another tab is gone, then loads the list again without it", async () => {
    stubFetch({
      ...mine(video, audio),
      "PATCH /api/content/c1": { status: 404, body: { error: "Content not found", requestId: "r" } },
    });
    await openMyContent();
    fireEvent.click(item("City walk").getByRole("button", { name: "Edit" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const form = within(screen.getByRole("form", { name: "Edit City walk" }));
    expect((await form.findByRole("alert")).textContent).toBe(
      "This item was deleted. It is no longer in your content.",
    );
    expect(alert).not.toHaveBeenCalled();
    expect(form.queryByRole("button", { name: "Save" })).toBeNull();
    // The other tab also renamed the other item: the list loaded again shows it as it is now.
    stubFetch(mine({ ...audio, title: "Night drive, renamed" }));
    fireEvent.click(form.getByRole("button", { name: "Close" }));
    expect(await screen.findByRole("listitem", { name: "Night drive, renamed" })).toBeVisible();
    expect(screen.queryByRole("listitem", { name: "City walk" })).toBeNull();
    expect(screen.getByText("1 item(s)")).toBeVisible();
  });

  it("takes an item already deleted in another tab off the list when Delete finds it gone", async () => {
    stubFetch({
      ...mine(video, audio),
      "DELETE /api/content/c1": { status: 404, body: { error: "Content not found", requestId: "r" } },
    });
    await openMyContent();
    stubFetch({
      ...mine(audio),
      "DELETE /api/content/c1": { status: 404, body: { error: "Content not found", requestId: "r" } },
    });
    fireEvent.click(item("City walk").getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "City walk" })).toBeNull());
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByText("1 item(s)")).toBeVisible();
  });

  it("explains a 300-character title instead of sending it, and says why when the server still refuses", async () => {
    const fetchMock = stubFetch({
      ...mine(video),
      "PATCH /api/content/c1": { status: 400, body: { error: "tags: At most 20 tags", requestId: "r" } },
    });
    expectConsoleError();
    await openMyContent();
    fireEvent.click(item("City walk").getByRole("button", { name: "Edit" }));
    const title = screen.getByLabelText(/Title/);
    expect(title.getAttribute("maxlength")).toBe("200");
    fireEvent.change(title, { target: { value: "t".repeat(300) } });
    expect(screen.getByText("Title must be at most 200 characters")).toBeVisible();
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
    fireEvent.submit(title.closest("form")!);
    expect(bodiesOf(fetchMock, "PATCH /api/content/c1")).toEqual([]);

    fireEvent.change(title, { target: { value: "City walk, again" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to update content: At most 20 tags");
    expect(alert).not.toHaveBeenCalled();
  });

  it("deletes only after the exact confirmation", async () => {
    const fetchMock = stubFetch({ ...mine(video, audio), "DELETE /api/content/c1": { body: { ok: true } } });
    confirm.mockReturnValue(false);
    await openMyContent();
    fireEvent.click(item("City walk").getByRole("button", { name: "Delete" }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete "City walk"? This action cannot be undone.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);

    confirm.mockReturnValue(true);
    fireEvent.click(item("City walk").getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "City walk" })).toBeNull());
    expect(screen.getByText("1 item(s)")).toBeVisible();
  });

  it("says beside the buttons when a delete fails, never in a browser alert, and keeps the item", async () => {
    stubFetch({ ...mine(video), "DELETE /api/content/c1": { status: 500, body: {} } });
    expectConsoleError();
    await openMyContent();
    fireEvent.click(item("City walk").getByRole("button", { name: "Delete" }));
    expect((await item("City walk").findByRole("alert")).textContent).toBe("Failed to delete content");
    expect(alert).not.toHaveBeenCalled();
    expect(item("City walk").getByRole("button", { name: "Delete" })).toHaveProperty("disabled", false);
  });

  it("badges each item that won't earn with the reason; an item that earns has none (docs/decisions/063)", async () => {
    const tiny = { ...video, id: "c3", title: "Tiny", earn_block: "small_picture" as const };
    const short = { ...video, id: "c4", title: "Short", duration: 3 };
    stubFetch(mine(video, tiny, short));
    await openMyContent();
    expect(await item("Tiny").findByText("Won't earn: its picture is smaller than 160×120")).toBeVisible();
    expect(item("Short").getByText("Won't earn: shorter than 5 s")).toBeVisible();
    expect(item("City walk").queryByText(/Won't earn/)).toBeNull();
  });

  it("badges nothing until the earning rules arrive, then names the server's minimum length", async () => {
    const rules = deferred<{ body: typeof earningRules }>();
    const tiny = { ...video, id: "c3", title: "Tiny", earn_block: "small_picture" as const };
    const fetchMock = stubFetch({ ...mine(video, tiny), "GET /api/earning-rules": () => rules.promise });
    await openMyContent();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === "/api/earning-rules")).toBe(true));
    expect(screen.getByText("2 item(s)")).toBeVisible();
    // Whether "too short" comes first is the rule's to say: no badge rather than a guessed minimum.
    expect(screen.queryByText(/Won't earn/)).toBeNull();

    // City walk lasts 42 s: too short under the server's 45 s minimum, which comes before Tiny's media floor.
    rules.resolve({ body: { ...earningRules, min_earning_seconds: 45 } });
    expect(await item("City walk").findByText("Won't earn: shorter than 45 s")).toBeVisible();
    expect(item("Tiny").getByText("Won't earn: shorter than 45 s")).toBeVisible();
  });
});
