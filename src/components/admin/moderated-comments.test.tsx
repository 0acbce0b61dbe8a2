import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ModeratedCommentJson } from "../../../common/schemas/moderation";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { renderWithQueries } from "../../test/query-client";
import { ModerationTab } from "./moderation-tab";

// Reported comments in the Moderation tab (docs/decisions/095): one card per comment with its words (hostile
// text shown as text), its author, the item it is under, reasons and notes; Take down with a note, Restore.

const hostile = `<img src=x onerror=alert(1)> 🤬 ${"A".repeat(300)}`;

function makeComment(overrides: Partial<ModeratedCommentJson> = {}): ModeratedCommentJson {
  return {
    comment_id: "01J0000000000000000000CMNT",
    text: hostile,
    content_id: "01J0000000000000000000ITEM",
    title: "Night drive",
    author_id: "01J000000000000000000000BE",
    author_name: "benny",
    author_email: "ben@example.com",
    author_suspended: false,
    status: "visible",
    removed_note: null,
    deleted: false,
    counts: { abuse: 2 },
    open_reports: 2,
    latest_notes: [{ reason: "abuse", note: "<b>Insults</b>", created_at: "2026-11-24T12:00:00.000Z" }],
    first_reported_at: "2026-11-23T12:00:00.000Z",
    last_reported_at: "2026-11-24T12:00:00.000Z",
    ...overrides,
  };
}

const path = (c: ModeratedCommentJson) => `POST /api/admin/moderation/comments/${c.comment_id}`;

function openTab(lists: { open: ModeratedCommentJson[]; removed: ModeratedCommentJson[] }, routes = {}) {
  const state = { ...lists };
  const fetchMock = stubFetch({
    "GET /api/admin/moderation": (_init, url) => ({
      body: { items: [], comments: url.searchParams.get("status") === "removed" ? state.removed : state.open },
    }),
    ...routes,
  });
  renderWithQueries(
    <MemoryRouter>
      <ModerationTab />
    </MemoryRouter>,
  );
  return { fetchMock, state };
}

describe("reported comments in the moderation tab", () => {
  it("shows the comment's words as text, its author and item, reasons and notes", async () => {
    const comment = makeComment();
    openTab({ open: [comment], removed: [] });
    const list = within(await screen.findByRole("list", { name: "Reported comments" }));
    const card = within(list.getByRole("article"));
    // Hostile text is text: no image element, the words as typed.
    expect(card.getByText(hostile)).toBeVisible();
    expect(document.querySelector("article img")).toBeNull();
    expect(card.getByText("2 open reports")).toBeVisible();
    expect(card.getByRole("button", { name: "benny (ben@example.com)" })).toBeVisible();
    expect(card.getByRole("link", { name: "Night drive" }).getAttribute("href")).toBe(
      `/content/${comment.content_id}#comments`,
    );
    expect(card.getByText("<b>Insults</b>")).toBeVisible();
    expect(card.getByRole("button", { name: "Dismiss reports of the comment by benny" })).toBeVisible();
    expect(card.queryByRole("button", { name: /^Restore/ })).toBeNull();
  });

  it("takes a comment down with a note for its author, then reloads the queue", async () => {
    const comment = makeComment();
    const { fetchMock, state } = openTab(
      { open: [comment], removed: [] },
      {
        [path(comment)]: () => (
          (state.open = []),
          { body: { comment: { ...comment, status: "removed", removed_note: "Insults" } } }
        ),
      },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Take down the comment by benny" }));
    const dialog = within(screen.getByRole("dialog", { name: "Take down comment" }));
    expect(dialog.getByText(/Shown to the author under the item/)).toBeVisible();
    fireEvent.change(dialog.getByLabelText("Note"), { target: { value: "Insults " } });
    fireEvent.click(dialog.getByRole("button", { name: "Take down" }));
    expect(await screen.findByText("Comment taken down: by benny.")).toBeVisible();
    expect(bodiesOf(fetchMock, path(comment))).toEqual([{ action: "takedown", note: "Insults" }]);
    await waitFor(() => expect(screen.queryByRole("list", { name: "Reported comments" })).toBeNull());
  });

  it("lists taken-down comments under Removed with the note and Restore", async () => {
    const removed = makeComment({ status: "removed", removed_note: "Harassment", open_reports: 0 });
    openTab({ open: [], removed: [removed] });
    expect(await screen.findByText("No open reports")).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Removed" }));
    const list = within(await screen.findByRole("list", { name: "Removed comments" }));
    expect(list.getByText("Harassment")).toBeVisible();
    expect(list.getByRole("button", { name: "Restore the comment by benny" })).toBeVisible();
    expect(list.queryByRole("button", { name: /^(Dismiss|Take down)/ })).toBeNull();
  });
});
