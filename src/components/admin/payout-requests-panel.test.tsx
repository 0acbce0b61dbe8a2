import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PayoutRequestJson } from "../../lib/types";
import { bodiesOf } from "../../test/fetch";
import { renderWithQueries } from "../../test/query-client";
import { stubAdmin } from "./admin-fixtures";
import { PaymentsTab } from "./payments-tab";

// The Payments tab's open payout requests (docs/decisions/036): listed first, paid or rejected from there.

const request: PayoutRequestJson = {
  id: "01J0000000000000000000000B", user_id: "u1", user_email: "viewer@example.com", amount_usd: 25.5, payment_method: "PayPal",
  payout_address: "viewer@paypal.example", status: "open", created_at: "2026-11-20T10:00:00.000Z", decided_at: null, reason: null, payment_id: null,
};

let prompt: ReturnType<typeof vi.fn<(message?: string, value?: string) => string | null>>;
beforeEach(() => {
  prompt = vi.fn<(message?: string, value?: string) => string | null>();
  vi.stubGlobal("prompt", prompt);
});

function stub() {
  let open = [request];
  return stubAdmin({
    "GET /api/admin/payout-requests": () => ({ body: open }),
    [`POST /api/admin/payout-requests/${request.id}/pay`]: () => {
      open = [];
      return { body: { request: { ...request, status: "paid" }, payment: {} } };
    },
    [`POST /api/admin/payout-requests/${request.id}/reject`]: () => {
      open = [];
      return { body: { ...request, status: "rejected" } };
    },
  });
}

describe("open payout requests in the Payments tab", () => {
  it("lists them before the payments and records the payment with a reference", async () => {
    const fetchMock = stub();
    prompt.mockReturnValue(" PP-9 ");
    renderWithQueries(<PaymentsTab />);
    const table = within(await screen.findByRole("table", { name: "Open payout requests" }));
    expect(table.getAllByRole("row")[1]!.textContent).toContain("viewer@example.com$25.50PayPalviewer@paypal.example");
    fireEvent.click(table.getByRole("button", { name: "Pay viewer@example.com" }));
    expect(prompt.mock.calls[0]![0]).toContain("$25.50 by PayPal to viewer@paypal.example");
    await vi.waitFor(() => expect(screen.queryByRole("table", { name: "Open payout requests" })).toBeNull());
    expect(bodiesOf(fetchMock, `POST /api/admin/payout-requests/${request.id}/pay`)).toEqual([{ payment_reference: "PP-9" }]);
  });

  it("rejects with a reason, and not without one", async () => {
    const fetchMock = stub();
    renderWithQueries(<PaymentsTab />);
    const table = within(await screen.findByRole("table", { name: "Open payout requests" }));
    prompt.mockReturnValue("  ");
    fireEvent.click(table.getByRole("button", { name: "Reject payout to viewer@example.com" }));
    expect((await screen.findByRole("alert")).textContent).toBe("A reason is required to reject a payout request");
    prompt.mockReturnValue("Account closed");
    fireEvent.click(table.getByRole("button", { name: "Reject payout to viewer@example.com" }));
    await vi.waitFor(() => expect(screen.queryByRole("table", { name: "Open payout requests" })).toBeNull());
    expect(bodiesOf(fetchMock, `POST /api/admin/payout-requests/${request.id}/reject`)).toEqual([{ reason: "Account closed" }]);
  });
});
