import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AuditEntryJson } from "../../../common/schemas/admin-audit";
import { stubAdmin, viewer } from "../../test/admin-fixtures";
import { describeChange } from "./audit-change";
import { AuditTab } from "./audit-tab";
import { renderWithQueries } from "../../test/query-client";

const entry = (overrides: Partial<AuditEntryJson>): AuditEntryJson => ({
  id: "a",
  actor_email: "admin@example.com",
  action: "update",
  entity: "earning",
  entity_id: "01JBD3M00000000000000EARN1",
  before: null,
  after: null,
  created_at: "2026-11-21T10:00:00.000Z",
  ...overrides,
});

describe("audit tab", () => {
  it("lists entries in the server's order (newest first): when, who, action, entity and what changed", async () => {
    stubAdmin({
      "GET /api/admin/audit": {
        body: [
          entry({
            id: "2",
            created_at: "2026-11-21T10:05:00.000Z",
            before: { user_id: viewer.id, amount_micros: 1_235_000, description: "Promo" },
            after: { user_id: viewer.id, amount_micros: 2_500_000, description: "Promo" },
          }),
          entry({
            id: "1",
            action: "update",
            entity: "setting",
            entity_id: "preroll_enabled",
            before: { preroll_enabled: "false" },
            after: { preroll_enabled: "true" },
          }),
        ],
      },
    });
    renderWithQueries(<AuditTab />);
    const table = within(await screen.findByRole("table", { name: "Audit log" }));
    expect(table.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "When",
      "Who",
      "Action",
      "Entity",
      "Change",
    ]);
    const [newest, older] = table.getAllByRole("row").slice(1);
    expect(newest.children[1].textContent).toBe("admin@example.com");
    expect(newest.children[2].textContent).toBe("Update");
    expect(newest.children[0].textContent).toMatch(/^Nov 21, 2026, \d{1,2}:\d{2} [AP]M$/);
    expect(newest.children[3].textContent).toBe("Earning…000EARN1");
    expect(within(newest).getByTitle("01JBD3M00000000000000EARN1")).toBeVisible();
    expect(newest.children[4].textContent).toBe("amount: $1.235 → changed to $2.50");
    expect(older.children[3].textContent).toBe("Settingpreroll_enabled");
    expect(older.children[4].textContent).toBe("preroll_enabled: false → changed to true");
  });

  it("says when nothing has been recorded", async () => {
    stubAdmin({ "GET /api/admin/audit": { body: [] } });
    renderWithQueries(<AuditTab />);
    expect(await screen.findByText("No changes recorded yet")).toBeVisible();
  });
});

describe("describeChange", () => {
  it("compares records written in dollars and in micro-dollars, in camelCase or snake_case", () => {
    const before = { id: "p", user_id: "u1", amount_usd: 1, status: "pending", processed_at: null };
    const after = {
      userId: "u1",
      amountMicros: 1_000_000,
      status: "completed",
      processedAt: "2026-11-21T10:00:00.000Z",
    };
    expect(describeChange(before, after)).toEqual([
      { field: "status", before: "pending", after: "completed" },
      { field: "processed_at", before: "—", after: "2026-11-21T10:00:00.000Z" },
    ]);
  });

  it("shows every field of a created or deleted record, with users by email", () => {
    const names = new Map([["u1", "viewer@example.com"]]);
    expect(describeChange(null, { user_id: "u1", total_micros: 5_000_000 }, names)).toEqual([
      { field: "user", before: undefined, after: "viewer@example.com" },
      { field: "total", before: undefined, after: "$5.00" },
    ]);
    expect(describeChange({ name: "Watch", is_active: true }, null)).toEqual([
      { field: "name", before: "Watch", after: undefined },
      { field: "is_active", before: "true", after: undefined },
    ]);
  });
});
