import { fireEvent, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CommentJson, CommentPageJson, CommentThreadJson } from "../../../common/schemas/comments";
import { useAuth } from "../../stores/auth";
import { makeContent } from "../../test/content-fixtures";
import { stubBrowserDialogs } from "../../test/browser-dialogs";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { ava } from "../../test/fixtures";
import { renderWithQueries } from "../../test/query-client";
import { renderApp } from "../../test/render-route";
import { CommentSection } from "./comment-section";

// The comment section (docs/decisions/093): the count, text shown as typed, links held back for new accounts,
// replies, the composer's count, sorting and Load more.

const ITEM = "01J00000000000000000000CI1";
const COMMENTS = `GET /api/content/${ITEM}/comments`;

function comment(overrides: Partial<CommentJson> = {}): CommentJson {
  return {
    id: "01J00000000000000000000CM1",
    content_id: ITEM,
    parent_id: null,
    author_id: "01J000000000000000000000BE",
    author_name: "ben",
    author_avatar_url: null,
    text: "Nice one",
    links_clickable: true,
    created_at: "2026-11-25T10:00:00.000Z",
    edited_at: null,
    removed: false,
    taken_down: false,
    taken_down_note: null,
    pinned: false,
    reply_count: 0,
    is_mine: false,
    ...overrides,
  };
}
const thread = (overrides: Partial<CommentThreadJson> = {}): CommentThreadJson => ({
  ...comment(overrides),
  replies: [],
  ...overrides,
});
const page = (overrides: Partial<CommentPageJson> = {}): CommentPageJson => ({
  items: [],
  nextCursor: null,
  count: 0,
  is_creator: false,
  ...overrides,
});

const render = () =>
  renderWithQueries(
    <MemoryRouter>
      <CommentSection contentId={ITEM} />
    </MemoryRouter>,
  );

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

describe("comment section", () => {
  it("shows comments as typed, links clickable only for established accounts, and replies", async () => {
    stubFetch({
      [COMMENTS]: {
        body: page({
          count: 3,
          items: [
            thread({
              id: "01J00000000000000000000CM1",
              text: `<img src=x onerror=alert(1)> see https://old.example/a ${"W".repeat(300)}`,
              reply_count: 1,
              edited_at: "2026-11-25T11:00:00.000Z",
              replies: [
                comment({
                  id: "01J00000000000000000000CM2",
                  parent_id: "01J00000000000000000000CM1",
                  author_name: "cy",
                  text: "Fresh https://new.example/b",
                  links_clickable: false,
                }),
              ],
            }),
          ],
        }),
      },
    });
    render();
    expect(await screen.findByRole("heading", { name: "3 comments" })).toBeVisible();
    const first = screen.getByText(/onerror=alert/);
    expect(first.querySelector("img")).toBeNull();
    const link = screen.getByRole("link", { name: "https://old.example/a" });
    expect(link.getAttribute("rel")).toBe("nofollow ugc noopener");
    expect(screen.getByText("(edited)")).toBeVisible();
    const replies = screen.getByRole("list", { name: "Replies to ben" });
    expect(within(replies).getByText("Fresh https://new.example/b")).toBeVisible();
    expect(screen.queryByRole("link", { name: "https://new.example/b" })).toBeNull();
  });

  it("never links an address whose host is not what it reads as, and leaves a sentence's full stop outside", async () => {
    stubFetch({
      [COMMENTS]: {
        body: page({
          count: 1,
          items: [
            thread({
              text:
                "Payout form: https://reelpay.example@evil.example/login and http://user:pw@bank.example " +
                "or https://раураl.example/x, see https://docs.example/a.",
            }),
          ],
        }),
      },
    });
    render();
    expect(await screen.findByRole("heading", { name: "1 comment" })).toBeVisible();
    // A user name or password before the host reads as one host and opens another: text, not a link.
    const words = screen.getByText(/reelpay\.example@evil\.example/);
    const links = within(words).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "https://xn--l-7sba6dbr.example/x",
      "https://docs.example/a",
    ]);
    // A host in other letters is shown as the browser opens it, so it cannot pass for a known one.
    expect(links[0]?.textContent).toBe("https://xn--l-7sba6dbr.example/x");
    expect(links[1]?.textContent).toBe("https://docs.example/a");
  });

  it("posts a comment and a reply, counting characters, and refuses an empty one without a call", async () => {
    const fetchMock = stubFetch({
      [COMMENTS]: { body: page({ count: 1, items: [thread()] }) },
      [`POST /api/content/${ITEM}/comments`]: { status: 201, body: comment({ id: "01J00000000000000000000CM9" }) },
    });
    render();
    await screen.findByRole("heading", { name: "1 comment" });
    const box = screen.getByRole("textbox", { name: "Add a comment" });
    fireEvent.click(screen.getByRole("button", { name: "Comment" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Write something first");
    fireEvent.change(box, { target: { value: "Hello 👋" } });
    expect(screen.getByText("8 / 2,000")).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Comment" }));
    await screen.findByText("0 / 2,000");

    fireEvent.click(screen.getByRole("button", { name: "Reply" }));
    const replyBox = screen.getByRole("textbox", { name: "Reply to ben" });
    expect(document.activeElement).toBe(replyBox);
    fireEvent.change(replyBox, { target: { value: "Agreed" } });
    // The second "Reply" is the reply box's own submit button.
    fireEvent.click(screen.getAllByRole("button", { name: "Reply" })[1]!);
    await screen.findByRole("button", { name: "Reply", expanded: false });
    expect(bodiesOf(fetchMock, `POST /api/content/${ITEM}/comments`)).toEqual([
      { text: "Hello 👋" },
      { text: "Agreed", parent_id: "01J00000000000000000000CM1" },
    ]);
  });

  it("sorts by top and loads more", async () => {
    const fetchMock = stubFetch({
      [COMMENTS]: (_init, url) =>
        url.searchParams.get("cursor")
          ? { body: page({ count: 2, items: [thread({ id: "01J00000000000000000000CM3", text: "Older" })] }) }
          : { body: page({ count: 2, items: [thread({ text: "Newer" })], nextCursor: "abc" }) },
    });
    render();
    await screen.findByText("Newer");
    fireEvent.click(screen.getByRole("button", { name: "Load more comments" }));
    expect(await screen.findByText("Older")).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Top" }));
    expect(screen.getByRole("button", { name: "Top" }).getAttribute("aria-pressed")).toBe("true");
    await screen.findByText("Newer");
    const sorts = fetchMock.mock.calls.map(([u]) => new URL(String(u), "http://localhost").searchParams.get("sort"));
    expect(sorts).toContain("top");
  });

  it("shows the count beside the player's details on the content page", async () => {
    const item = makeContent({ id: ITEM, title: "Night drive" });
    stubFetch({
      "GET /api/ad-settings": { body: { preroll_enabled: "false", postroll_enabled: "false", vast_url: "" } },
      [`GET /api/content/${ITEM}`]: { body: item },
      [`GET /api/content/${ITEM}/suggestions`]: { body: { suggestions: [] } },
      [`GET /api/content/${ITEM}/like-status`]: { body: { liked: false, like_count: 0 } },
      [COMMENTS]: { body: page({ count: 12, items: [thread()] }) },
    });
    renderApp(`/content/${ITEM}`);
    expect((await screen.findByRole("link", { name: "12 comments" })).getAttribute("href")).toBe("#comments");
    expect(screen.getByRole("heading", { name: "12 comments" })).toBeVisible();
  });

  it("lets the author edit and delete, and the item's creator pin and remove; a removed thread says so", async () => {
    const { confirm } = stubBrowserDialogs();
    const fetchMock = stubFetch({
      [COMMENTS]: {
        body: page({
          count: 2,
          is_creator: true,
          items: [
            thread({ id: "01J00000000000000000000CM1", text: "Pinned words", pinned: true }),
            thread({ id: "01J00000000000000000000CM2", text: "My words", is_mine: true }),
            thread({ id: "01J00000000000000000000CM3", removed: true, text: "", reply_count: 1 }),
          ],
        }),
      },
      "PATCH /api/comments/01J00000000000000000000CM2": { body: comment({ text: "Better words" }) },
      "DELETE /api/comments/01J00000000000000000000CM2": { body: { ok: true } },
      "DELETE /api/comments/01J00000000000000000000CM1/pin": { body: comment({ pinned: false }) },
      "DELETE /api/comments/01J00000000000000000000CM1": { body: { ok: true } },
    });
    render();
    expect(await screen.findByText("Pinned by creator")).toBeVisible();
    expect(screen.getByText("Comment removed")).toBeVisible();

    fireEvent.click(screen.getByRole("button", { name: "Edit" }));
    const box = screen.getByRole("textbox", { name: "Edit your comment" });
    expect((box as HTMLTextAreaElement).value).toBe("My words");
    fireEvent.change(box, { target: { value: "Better words" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("button", { name: "Edit" });
    expect(bodiesOf(fetchMock, "PATCH /api/comments/01J00000000000000000000CM2")).toEqual([{ text: "Better words" }]);

    fireEvent.click(screen.getByRole("button", { name: "Unpin" }));
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    expect(confirm).toHaveBeenCalledWith("Remove this comment from your item?");
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(confirm).toHaveBeenCalledWith("Delete your comment?");
    await vi.waitFor(() => {
      const keys = fetchMock.mock.calls.map(
        ([u, i]) => `${i?.method ?? "GET"} ${new URL(String(u), "http://l").pathname}`,
      );
      expect(keys).toEqual(
        expect.arrayContaining([
          "DELETE /api/comments/01J00000000000000000000CM1/pin",
          "DELETE /api/comments/01J00000000000000000000CM1",
          "DELETE /api/comments/01J00000000000000000000CM2",
        ]),
      );
    });
  });
});
