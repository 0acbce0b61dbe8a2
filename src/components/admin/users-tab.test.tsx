import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubFetch } from "../../test/fetch";
import { makeAdminUser } from "../../test/admin-fixtures";
import { UsersTab } from "./users-tab";
import { renderWithQueries } from "../../test/query-client";

describe("all users tab", () => {
  it("shows balances, their total and the available part with 3 decimals, and an Admin badge for admins only", async () => {
    stubFetch({
      "GET /api/admin/users": {
        body: [
          makeAdminUser({ email: "admin@example.com", is_admin: 1, created_at: "2024-09-01T00:00:00.000Z" }),
          // $1.506 in all, of which $0.5 is still held: $1.006 available.
          makeAdminUser({
            email: "ava@example.com",
            content_count: 12,
            viewer_balance: 0.006,
            creator_balance: 1.5,
            available_balance: 1.006,
          }),
        ],
      },
    });
    renderWithQueries(<UsersTab />);
    const table = await screen.findByRole("table", { name: "All users" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(headers).toEqual([
      "Email",
      "Joined",
      "Content",
      "Viewer Balance",
      "Creator Balance",
      "Total",
      "Available",
      "Moderation",
    ]);

    const [adminRow, avaRow] = within(table).getAllByRole("row").slice(1);
    expect(within(adminRow).getByText("Admin")).toBeVisible();
    expect(within(adminRow).getByText("Sep 1, 2024")).toBeVisible();
    expect(within(avaRow).queryByText("Admin")).toBeNull();
    expect([...avaRow.children].map((cell) => cell.textContent)).toEqual([
      "ava@example.com",
      "Jan 5, 2026",
      "12",
      "$0.006",
      "$1.50",
      "$1.506",
      "$1.006",
      "Suspend",
    ]);
    // Amounts are right-aligned with tabular figures.
    expect(avaRow.children[5].className).toContain("text-right");
    expect(avaRow.children[5].className).toContain("tabular-nums");
    expect(avaRow.children[6].className).toContain("text-right");
    // The same balances as a spreadsheet, from the server.
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe("/api/admin/users.csv");
  });

  it("says when there are no users", async () => {
    stubFetch({ "GET /api/admin/users": { body: [] } });
    renderWithQueries(<UsersTab />);
    expect(await screen.findByText("No users yet")).toBeVisible();
  });
});
