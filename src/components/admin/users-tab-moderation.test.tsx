import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdminUserJson } from "../../../common/schemas/admin-users";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { renderWithQueries } from "../../test/query-client";
import { makeAdminUser } from "../../test/admin-fixtures";
import { UsersTab } from "./users-tab";

const adminUser = makeAdminUser({ email: "admin@example.com", is_admin: 1 });
const ava = makeAdminUser({ email: "ava@example.com" });
const ben = makeAdminUser({ email: "ben@example.com", suspended: true });
const moderationPath = (user: AdminUserJson) => `POST /api/admin/moderation/users/${user.id}`;
const moderated = (user: AdminUserJson, suspended: boolean) => ({
  body: {
    user: {
      id: user.id,
      email: user.email,
      username: user.username,
      suspended,
      suspended_note: null,
      suspended_at: null,
    },
    reversed_usd: 0,
  },
});

const row = (email: string) => within(screen.getByRole("rowheader", { name: new RegExp(`^${email}`) }).closest("tr")!);

describe("all users tab: suspensions", () => {
  it("marks suspended members and offers Suspend or Unsuspend to members only", async () => {
    stubFetch({ "GET /api/admin/users": { body: [adminUser, ava, ben] } });
    renderWithQueries(<UsersTab />);
    await screen.findByRole("table", { name: "All users" });
    expect(row("admin@example.com").queryByRole("button")).toBeNull();
    expect(row("ava@example.com").queryByText("Suspended")).toBeNull();
    expect(row("ava@example.com").getByRole("button", { name: "Suspend ava@example.com" })).toBeVisible();
    expect(row("ben@example.com").getByText("Suspended")).toBeVisible();
    expect(row("ben@example.com").getByRole("button", { name: "Unsuspend ben@example.com" })).toBeVisible();
  });

  it("suspends with a required note, then shows the member as suspended", async () => {
    let users = [adminUser, ava];
    const fetchMock = stubFetch({
      "GET /api/admin/users": () => ({ body: users }),
      [moderationPath(ava)]: () => {
        users = [adminUser, { ...ava, suspended: true }];
        return moderated(ava, true);
      },
    });
    renderWithQueries(<UsersTab />);
    fireEvent.click(await screen.findByRole("button", { name: "Suspend ava@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Suspend member" }));
    expect(dialog.getByText("ava@example.com")).toBeVisible();
    fireEvent.click(dialog.getByRole("button", { name: "Suspend" }));
    expect(dialog.getByRole("alert").textContent).toBe("Write a note saying why, for the record");
    expect(bodiesOf(fetchMock, moderationPath(ava))).toEqual([]);

    fireEvent.change(dialog.getByLabelText("Note"), { target: { value: " Uploads spam every hour " } });
    fireEvent.click(dialog.getByRole("button", { name: "Suspend" }));
    expect(await row("ava@example.com").findByText("Suspended")).toBeVisible();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(bodiesOf(fetchMock, moderationPath(ava))).toEqual([{ action: "suspend", note: "Uploads spam every hour" }]);
    expect(row("ava@example.com").getByRole("button", { name: "Unsuspend ava@example.com" })).toBeVisible();
  });

  it("unsuspends with an optional note", async () => {
    const fetchMock = stubFetch({
      "GET /api/admin/users": { body: [ben] },
      [moderationPath(ben)]: moderated(ben, false),
    });
    renderWithQueries(<UsersTab />);
    fireEvent.click(await screen.findByRole("button", { name: "Unsuspend ben@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Unsuspend member" }));
    expect(dialog.getByLabelText("Note (optional)")).toBeVisible();
    fireEvent.click(dialog.getByRole("button", { name: "Unsuspend" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesOf(fetchMock, moderationPath(ben))).toEqual([{ action: "unsuspend", note: "" }]);
  });

  it("shows the server's refusal in the dialog", async () => {
    stubFetch({
      "GET /api/admin/users": { body: [ava] },
      [moderationPath(ava)]: { status: 403, body: { error: "Admin accounts cannot be suspended", requestId: "r" } },
    });
    renderWithQueries(<UsersTab />);
    fireEvent.click(await screen.findByRole("button", { name: "Suspend ava@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Suspend member" }));
    fireEvent.change(dialog.getByLabelText("Note"), { target: { value: "Spam" } });
    fireEvent.click(dialog.getByRole("button", { name: "Suspend" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("Admin accounts cannot be suspended");
  });
});
