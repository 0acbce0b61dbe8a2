import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { queryKeys } from "../../lib/query-keys";
import type { ModeratedItemJson } from "../../../common/schemas/moderation";
import { expectConsoleError } from "../../test/console";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { renderWithQueries } from "../../test/query-client";
import { makeModeratedItem } from "../../test/admin-fixtures";
import { ModerationTab } from "./moderation-tab";

// Reported items (docs/decisions/027): grouped by item, newest report first; dismiss, take down, restore with a note.

type Reply = { status?: number; body?: unknown };

const loud = makeModeratedItem();
const older = makeModeratedItem({
  title: "Copied Song",
  counts: { copyright: 1 },
  open_reports: 1,
  latest_notes: [{ reason: "copyright", note: "My track", created_at: "2026-11-20T12:00:00.000Z" }],
  first_reported_at: "2026-11-20T12:00:00.000Z",
  last_reported_at: "2026-11-20T12:00:00.000Z",
});
const removed = makeModeratedItem({
  title: "Taken Clip",
  status: "removed",
  removed_note: "Repeated spam",
  counts: {},
  open_reports: 0,
  latest_notes: [],
});

/** The tab inside a router (titles link to items), answering the queue per status from `lists`. */
function openTab(
  lists: { open: ModeratedItemJson[]; removed: ModeratedItemJson[] },
  routes: Record<string, Reply | (() => Reply)> = {},
) {
  const state = { ...lists };
  const statuses: string[] = [];
  const fetchMock = stubFetch({
    "GET /api/admin/moderation": (_init, url) => {
      const status = url.searchParams.get("status") ?? "";
      statuses.push(status);
      return { body: { items: status === "removed" ? state.removed : state.open } };
    },
    ...routes,
  });
  const { queryClient } = renderWithQueries(
    <MemoryRouter>
      <ModerationTab />
    </MemoryRouter>,
  );
  return { fetchMock, state, statuses, queryClient };
}

const cards = async (count: number) => {
  await waitFor(() => expect(screen.queryAllByRole("article")).toHaveLength(count));
  return screen.getAllByRole("article");
};
const card = (title: string) => within(screen.getByRole("article", { name: title }));
const contentPath = (item: ModeratedItemJson) => `POST /api/admin/moderation/content/${item.content_id}`;
const answer = (item: ModeratedItemJson, reversed_usd = 0) => ({ body: { item, reversed_usd } });

describe("moderation tab", () => {
  it("shows each reported item once, newest report first, with why and by whom", async () => {
    const { statuses } = openTab({ open: [older, loud], removed: [] });
    const [first, second] = await cards(2);
    expect(within(first).getByRole("heading", { level: 3 }).textContent).toBe("Loud Ad");
    expect(within(second).getByRole("heading", { level: 3 }).textContent).toBe("Copied Song");
    expect(statuses[0]).toBe("open");
    expect(screen.getByRole("button", { name: "Open", pressed: true })).toBeVisible();

    const item = card("Loud Ad");
    expect(item.getByRole("link", { name: "Loud Ad" }).getAttribute("href")).toBe(`/content/${loud.content_id}`);
    expect(item.getByText("3 open reports")).toBeVisible();
    expect(item.getByRole("button", { name: "benny (ben@example.com)" })).toBeVisible();
    const reasons = within(item.getByRole("list", { name: "Reasons" })).getAllByRole("listitem");
    expect(reasons.map((li) => li.textContent)).toEqual(["Spam ×2", "Abuse ×1"]);
    const notes = within(item.getByRole("list", { name: "Latest notes" })).getAllByRole("listitem");
    expect(notes.map((li) => li.textContent)).toEqual([
      "Abuse · Nov 24, 2026: Shouts at viewers",
      "Spam · Nov 23, 2026: Same clip posted daily",
    ]);
    expect(item.getByText("First reported Nov 22, 2026 · last reported Nov 24, 2026")).toBeVisible();
    expect(item.getByRole("button", { name: "Dismiss reports of Loud Ad" }).textContent).toBe("Dismiss");
    expect(item.getByRole("button", { name: "Take down Loud Ad" }).textContent).toBe("Take down");
    expect(item.queryByRole("button", { name: /^Restore/ })).toBeNull();
  });

  it("lists taken-down items under Removed, with the takedown note and Restore", async () => {
    const { statuses } = openTab({ open: [loud], removed: [removed] });
    await cards(1);
    fireEvent.click(screen.getByRole("button", { name: "Removed" }));
    await screen.findByRole("article", { name: "Taken Clip" });
    expect(statuses).toEqual(["open", "removed"]);
    const item = card("Taken Clip");
    expect(item.getByText("Removed")).toBeVisible();
    expect(item.getByText("Repeated spam")).toBeVisible();
    // Its page answers "not found", so the title is not a link.
    expect(item.queryByRole("link")).toBeNull();
    expect(item.getByRole("button", { name: "Restore Taken Clip" })).toBeVisible();
    expect(item.queryByRole("button", { name: /^(Dismiss|Take down)/ })).toBeNull();
  });

  it("marks an item its creator deleted, without a link, and still offers its actions", async () => {
    openTab({ open: [{ ...loud, deleted: true }], removed: [] });
    await cards(1);
    const item = card(loud.title);
    expect(item.getByText("Deleted")).toBeVisible();
    // Gone from the product: its page answers "not found" to everyone, so the title is not a link.
    expect(item.queryByRole("link", { name: loud.title })).toBeNull();
    expect(item.getByRole("button", { name: `Take down ${loud.title}` })).toBeVisible();
  });

  it("takes an item down with the note for its creator, then reloads the queue and what members see", async () => {
    const { fetchMock, state, statuses, queryClient } = openTab(
      { open: [loud, older], removed: [] },
      { [contentPath(loud)]: () => ((state.open = [older]), answer({ ...loud, status: "removed" }, 0.012)) },
    );
    await cards(2);
    // What members see, cached: the gallery and the item itself.
    queryClient.setQueryData(queryKeys.contentFeed({}), { pages: [], pageParams: [] });
    queryClient.setQueryData(queryKeys.content(loud.content_id), null);

    fireEvent.click(card("Loud Ad").getByRole("button", { name: "Take down Loud Ad" }));
    const dialog = within(screen.getByRole("dialog", { name: "Take down content" }));
    expect(dialog.getByText(/who sees your note in My Content/)).toBeVisible();
    expect(dialog.getByText(/Shown to the creator in My Content/)).toBeVisible();
    // The creator reads the note: it cannot be left out.
    fireEvent.click(dialog.getByRole("button", { name: "Take down" }));
    expect(dialog.getByRole("alert").textContent).toBe("Write a note saying why, for the record");
    expect(bodiesOf(fetchMock, contentPath(loud))).toEqual([]);

    fireEvent.change(dialog.getByLabelText("Note"), { target: { value: "Spam, posted daily " } });
    fireEvent.click(dialog.getByRole("button", { name: "Take down" }));
    expect(await screen.findByText("Taken down: Loud Ad; $0.012 of earnings reversed.")).toBeVisible();
    expect(bodiesOf(fetchMock, contentPath(loud))).toEqual([{ action: "takedown", note: "Spam, posted daily" }]);
    expect(screen.queryByRole("dialog")).toBeNull();
    await cards(1);
    expect(statuses).toEqual(["open", "open"]);
    expect(queryClient.getQueryState(queryKeys.contentFeed({}))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.content(loud.content_id))?.isInvalidated).toBe(true);
  });

  it("dismisses reports with an optional note, and restores a removed item", async () => {
    const { fetchMock } = openTab(
      { open: [loud], removed: [removed] },
      { [contentPath(loud)]: answer(loud), [contentPath(removed)]: answer({ ...removed, status: "visible" }) },
    );
    await cards(1);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss reports of Loud Ad" }));
    const dismiss = within(screen.getByRole("dialog", { name: "Dismiss reports" }));
    expect(dismiss.getByText("Closes 3 open reports; the item stays visible.")).toBeVisible();
    fireEvent.click(dismiss.getByRole("button", { name: "Dismiss" }));
    expect(await screen.findByText("Reports dismissed: Loud Ad.")).toBeVisible();
    expect(bodiesOf(fetchMock, contentPath(loud))).toEqual([{ action: "dismiss", note: "" }]);

    fireEvent.click(screen.getByRole("button", { name: "Removed" }));
    fireEvent.click(await screen.findByRole("button", { name: "Restore Taken Clip" }));
    const restore = within(screen.getByRole("dialog", { name: "Restore content" }));
    fireEvent.change(restore.getByLabelText("Note (optional)"), { target: { value: "Appeal accepted" } });
    fireEvent.click(restore.getByRole("button", { name: "Restore" }));
    expect(await screen.findByText("Restored: Taken Clip.")).toBeVisible();
    expect(bodiesOf(fetchMock, contentPath(removed))).toEqual([{ action: "restore", note: "Appeal accepted" }]);
  });

  it("shows a refusal in the dialog, e.g. an item deleted meanwhile", async () => {
    openTab(
      { open: [loud], removed: [] },
      { [contentPath(loud)]: { status: 404, body: { error: "Content not found", requestId: "r" } } },
    );
    await cards(1);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss reports of Loud Ad" }));
    const dialog = within(screen.getByRole("dialog", { name: "Dismiss reports" }));
    fireEvent.click(dialog.getByRole("button", { name: "Dismiss" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("Content not found");
  });

  it("says when there is nothing to moderate", async () => {
    openTab({ open: [], removed: [] });
    expect(await screen.findByText("No open reports")).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Removed" }));
    expect(await screen.findByText("No removed items or comments")).toBeVisible();
  });

  it("says the queue could not be loaded rather than that it is empty, and tries again", async () => {
    const consoleError = expectConsoleError();
    let fail = true;
    stubFetch({ "GET /api/admin/moderation": () => (fail ? { status: 500 } : { body: { items: [loud] } }) });
    renderWithQueries(
      <MemoryRouter>
        <ModerationTab />
      </MemoryRouter>,
    );
    expect((await screen.findByRole("alert")).textContent).toContain("The moderation queue could not be loaded");
    expect(screen.queryByText("No open reports")).toBeNull();
    expect(String(consoleError.mock.calls[0][0])).toContain(
      "Failed to load the moderation queue: API responded with HTTP status 500",
    );

    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "Loud Ad" })).toBeVisible();
  });
});
