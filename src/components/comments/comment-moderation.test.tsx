import { fireEvent, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { MyAppealActionJson } from "../../../common/schemas/appeals";
import type { CommentThreadJson } from "../../../common/schemas/comments";
import { useAuth } from "../../stores/auth";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { ava } from "../../test/fixtures";
import { renderWithQueries } from "../../test/query-client";
import { CommentSection } from "./comment-section";

// Comments and moderation (docs/decisions/095): members report others' comments with the item's reasons; the
// author of a comment moderators took down sees "Removed by moderators" with the note, and appeals it.

const ITEM = "01J00000000000000000000CI1";
const COMMENTS = `GET /api/content/${ITEM}/comments`;

const thread = (overrides: Partial<CommentThreadJson> = {}): CommentThreadJson => ({
  id: "01J00000000000000000000CM1",
  content_id: ITEM,
  parent_id: null,
  author_id: "01J000000000000000000000BE",
  author_name: "ben",
  author_avatar_url: null,
  text: "You are all idiots",
  links_clickable: true,
  created_at: "2026-11-25T10:00:00.000Z",
  edited_at: null,
  removed: false,
  taken_down: false,
  taken_down_note: null,
  pinned: false,
  reply_count: 0,
  is_mine: false,
  replies: [],
  ...overrides,
});
const page = (items: CommentThreadJson[]) => ({ items, nextCursor: null, count: items.length, is_creator: false });

const render = () =>
  renderWithQueries(
    <MemoryRouter>
      <CommentSection contentId={ITEM} />
    </MemoryRouter>,
  );

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

describe("comment reports and takedowns", () => {
  it("reports someone else's comment with a reason and details", async () => {
    const report = `POST /api/comments/01J00000000000000000000CM1/report`;
    const fetchMock = stubFetch({
      [COMMENTS]: { body: page([thread()]) },
      [report]: {
        status: 201,
        body: {
          id: "01J0000000000000000000REP1",
          comment_id: "01J00000000000000000000CM1",
          reason: "abuse",
          details: "Insults",
          created_at: "2026-11-30T10:00:00.000Z",
          updated_at: "2026-11-30T10:00:00.000Z",
        },
      },
    });
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Report" }));
    const dialog = within(screen.getByRole("dialog", { name: "Report comment" }));
    expect(dialog.getByText(/what is wrong with this comment by/)).toBeVisible();
    fireEvent.click(dialog.getByRole("button", { name: "Submit" }));
    expect(dialog.getByRole("alert").textContent).toBe("Choose a reason for the report.");
    fireEvent.click(dialog.getByLabelText("Abuse"));
    fireEvent.change(dialog.getByLabelText("Details (optional)"), { target: { value: " Insults " } });
    fireEvent.click(dialog.getByRole("button", { name: "Submit" }));
    expect(await dialog.findByText("Your report was sent.")).toBeVisible();
    expect(dialog.getByText(/Reporting this comment again updates your report/)).toBeVisible();
    expect(bodiesOf(fetchMock, report)).toEqual([{ reason: "abuse", details: "Insults" }]);
  });

  it("offers no Report on one's own comment, nor to a suspended member", async () => {
    stubFetch({ [COMMENTS]: { body: page([thread({ is_mine: true, author_id: ava.id })]) } });
    const { unmount } = render();
    expect(await screen.findByText("You are all idiots")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Report" })).toBeNull();
    unmount();
    useAuth.setState({ user: { ...ava, suspended: true }, pending: false });
    stubFetch({ [COMMENTS]: { body: page([thread()]) } });
    render();
    expect(await screen.findByText("You are all idiots")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Report" })).toBeNull();
  });

  it("shows its author a taken-down comment with the note, no edit, and Appeal; the appeal is sent", async () => {
    const action: MyAppealActionJson = {
      action_id: "01J0000000000000000000TAKE",
      action: "comment_takedown",
      content_id: ITEM,
      title: "Night drive",
      comment: { id: "01J00000000000000000000CM1", text: "You are all idiots" },
      note: "Insults",
      acted_at: "2026-11-29T12:00:00.000Z",
      in_force: true,
      appeal_until: "2026-12-29T12:00:00.000Z",
      can_appeal: true,
      appeal: null,
    };
    const fetchMock = stubFetch({
      [COMMENTS]: {
        body: page([thread({ is_mine: true, author_id: ava.id, taken_down: true, taken_down_note: "Insults" })]),
      },
      "GET /api/me/appeals": { body: { actions: [action] } },
      "POST /api/appeals": {
        status: 201,
        body: {
          appeal: {
            id: "01J00000000000000000APPEAL",
            text: "It was a quote from the film.",
            status: "open",
            decision_note: "",
            created_at: "2026-11-30T12:00:00.000Z",
            decided_at: null,
          },
        },
      },
    });
    render();
    expect(await screen.findByText("Removed by moderators")).toBeVisible();
    expect(screen.getByText(/: Insults/)).toBeVisible();
    expect(screen.getByText("Only you can see this comment.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Reply" })).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Appeal" }));
    const dialog = within(screen.getByRole("dialog", { name: "Appeal the comment's removal" }));
    expect(dialog.getByText(/why your comment on “Night drive” should be restored/)).toBeVisible();
    fireEvent.change(dialog.getByLabelText("Your appeal"), { target: { value: "It was a quote from the film." } });
    fireEvent.click(dialog.getByRole("button", { name: "Submit" }));
    expect(await dialog.findByText("Appeal sent")).toBeVisible();
    expect(bodiesOf(fetchMock, "POST /api/appeals")).toEqual([
      { action_id: "01J0000000000000000000TAKE", text: "It was a quote from the film." },
    ]);
  });
});
