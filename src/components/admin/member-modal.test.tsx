import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ModerationUserResponse } from "../../../common/schemas/moderation";
import { bodiesOf } from "../../test/fetch";
import { renderWithQueries } from "../../test/query-client";
import { ben, makeModeratedItem, makeModerationMember, stubAdmin } from "../../test/admin-fixtures";
import { ModerationTab } from "./moderation-tab";
import { stubBrowserDialogs } from "../../test/browser-dialogs";
import { CLEAR_PROFILE_CONFIRM } from "./clear-profile-button";

// A member's moderation page, opened from a reported item's creator: standing, reports, actions, Suspend.

const memberPath = `/api/admin/moderation/users/${ben.id}`;

function openMemberPage(member: ModerationUserResponse, routes: Parameters<typeof stubAdmin>[0] = {}) {
  let page = member;
  const fetchMock = stubAdmin({
    "GET /api/admin/moderation": { body: { items: [makeModeratedItem()] } },
    [`GET ${memberPath}`]: () => ({ body: page }),
    ...routes,
  });
  renderWithQueries(
    <MemoryRouter>
      <ModerationTab />
    </MemoryRouter>,
  );
  return { fetchMock, setPage: (next: ModerationUserResponse) => (page = next) };
}

const openCreator = async () => {
  fireEvent.click(await screen.findByRole("button", { name: "benny (ben@example.com)" }));
  return within(screen.getByRole("dialog", { name: "Member: ben@example.com" }));
};

describe("member moderation page", () => {
  it("shows standing, reports received and made, and actions; Suspend asks for a note and the page shows the result", async () => {
    const { fetchMock, setPage } = openMemberPage(makeModerationMember(), {
      [`POST ${memberPath}`]: () => {
        setPage(
          makeModerationMember({
            user: {
              id: ben.id,
              email: ben.email,
              username: ben.username,
              is_admin: false,
              suspended: true,
              suspended_note: "Spam ring",
              suspended_at: "2026-11-25T09:00:00.000Z",
            },
            actions: [
              {
                id: "a1",
                action: "suspend",
                entity: "user",
                entity_id: ben.id,
                note: "Spam ring",
                actor_email: "admin@example.com",
                created_at: "2026-11-25T09:00:00.000Z",
              },
            ],
          }),
        );
        return {
          body: {
            user: {
              id: ben.id,
              email: ben.email,
              username: ben.username,
              suspended: true,
              suspended_note: "Spam ring",
              suspended_at: null,
            },
            reversed_usd: 0,
          },
        };
      },
    });
    const page = await openCreator();
    expect(await page.findByText("In good standing")).toBeVisible();
    const received = within(page.getByRole("region", { name: "Reports received" }));
    expect(received.getByRole("listitem").textContent).toBe(
      "Loud Ad · Spam · Open · Nov 23, 2026: Same clip posted daily",
    );
    expect(within(page.getByRole("region", { name: "Reports made" })).getByText("None")).toBeVisible();
    expect(within(page.getByRole("region", { name: "Moderation actions" })).getByText("None")).toBeVisible();

    fireEvent.click(page.getByRole("button", { name: "Suspend" }));
    // One dialog at a time: the note dialog takes the page's place.
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    const note = within(screen.getByRole("dialog", { name: "Suspend member" }));
    fireEvent.change(note.getByLabelText("Note"), { target: { value: "Spam ring" } });
    fireEvent.click(note.getByRole("button", { name: "Suspend" }));

    const after = within(await screen.findByRole("dialog", { name: "Member: ben@example.com" }));
    const standing = within(after.getByRole("region", { name: "Standing" }));
    expect(await standing.findByText("Suspended")).toBeVisible();
    expect(standing.getByText("since Nov 25, 2026")).toBeVisible();
    expect(standing.getByText("Spam ring")).toBeVisible();
    expect(within(after.getByRole("region", { name: "Moderation actions" })).getByRole("listitem").textContent).toBe(
      "Suspended by admin@example.com on Nov 25, 2026: Spam ring",
    );
    expect(after.getByRole("button", { name: "Unsuspend" })).toBeVisible();
    expect(bodiesOf(fetchMock, `POST ${memberPath}`)).toEqual([{ action: "suspend", note: "Spam ring" }]);
  });

  it("names the items actions were taken on, and Cancel in the note dialog goes back to the page", async () => {
    openMemberPage(
      makeModerationMember({
        actions: [
          {
            id: "a2",
            action: "takedown",
            entity: "content",
            entity_id: "01J0000000000000000000LOUD",
            note: "Spam",
            actor_email: "admin@example.com",
            created_at: "2026-11-24T09:00:00.000Z",
          },
        ],
      }),
    );
    const page = await openCreator();
    const actions = within(await page.findByRole("region", { name: "Moderation actions" }));
    expect(actions.getByRole("listitem").textContent).toBe(
      "Took down Loud Ad by admin@example.com on Nov 24, 2026: Spam",
    );
    fireEvent.click(page.getByRole("button", { name: "Suspend" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Suspend member" })).getByRole("button", { name: "Cancel" }),
    );
    expect(await screen.findByRole("dialog", { name: "Member: ben@example.com" })).toBeVisible();
  });

  it("keeps a deleted item's reports and actions, marking the reports '(deleted)' and naming the deletion", async () => {
    const standing = makeModerationMember();
    openMemberPage(
      makeModerationMember({
        reports_received: [{ ...standing.reports_received[0]!, status: "actioned", content_deleted: true }],
        actions: [
          {
            id: "a3",
            action: "delete",
            entity: "content",
            entity_id: "01J0000000000000000000LOUD",
            note: "",
            actor_email: "ben@example.com",
            created_at: "2026-11-25T09:00:00.000Z",
          },
          {
            id: "a2",
            action: "takedown",
            entity: "content",
            entity_id: "01J0000000000000000000LOUD",
            note: "Spam",
            actor_email: "admin@example.com",
            created_at: "2026-11-24T09:00:00.000Z",
          },
        ],
      }),
    );
    const page = await openCreator();
    const received = within(await page.findByRole("region", { name: "Reports received" }));
    expect(received.getByRole("listitem").textContent).toBe(
      "Loud Ad (deleted) · Spam · Acted on · Nov 23, 2026: Same clip posted daily",
    );
    const actions = within(page.getByRole("region", { name: "Moderation actions" }));
    expect(actions.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Deleted Loud Ad by ben@example.com on Nov 25, 2026",
      "Took down Loud Ad by admin@example.com on Nov 24, 2026: Spam",
    ]);
  });

  it("does not offer to suspend an admin", async () => {
    const standing = makeModerationMember().user;
    openMemberPage(makeModerationMember({ user: { ...standing, is_admin: true } }));
    const page = await openCreator();
    expect(await page.findByText("Admin accounts cannot be suspended.")).toBeVisible();
    await waitFor(() => expect(page.queryByRole("button", { name: /suspend/i })).toBeNull());
  });
});

describe("Clear profile (docs/decisions/091)", () => {
  it("asks first, then clears the member's profile and says so", async () => {
    const { confirm } = stubBrowserDialogs();
    const { fetchMock } = openMemberPage(makeModerationMember(), {
      [`DELETE ${memberPath}/profile`]: { body: { bio: null, links: [], avatar_url: null, banner_url: null } },
    });
    const page = await openCreator();
    confirm.mockReturnValueOnce(false);
    fireEvent.click(await page.findByRole("button", { name: "Clear profile" }));
    expect(confirm).toHaveBeenCalledWith(CLEAR_PROFILE_CONFIRM);
    expect(bodiesOf(fetchMock, `DELETE ${memberPath}/profile`)).toHaveLength(0);
    fireEvent.click(page.getByRole("button", { name: "Clear profile" }));
    expect(await page.findByText("Profile cleared.")).toBeVisible();
    expect(bodiesOf(fetchMock, `DELETE ${memberPath}/profile`)).toHaveLength(1);
  });
});
