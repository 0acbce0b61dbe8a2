import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { PayoutRequestJson } from "../../lib/types";
import { bodiesOf } from "../../test/fetch";
import { renderWithQueries } from "../../test/query-client";
import { stubAdmin } from "../../test/admin-fixtures";
import { PaymentsTab } from "./payments-tab";

// The Payments tab's open payout requests (docs/decisions/036): listed first, paid or rejected from there.

const request: PayoutRequestJson = {
  id: "01J0000000000000000000000B", user_id: "u1", user_email: "viewer@example.com", amount_usd: 25.5, payment_method: "PayPal",
  payout_address: "viewer@paypal.example", status: "open", created_at: "2026-11-20T10:00:00.000Z", decided_at: null, reason: null, payment_id: null,
};

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
    renderWithQueries(<PaymentsTab />);
    const table = within(await screen.findByRole("table", { name: "Open payout requests" }));
    expect(table.getAllByRole("row")[1]!.textContent).toContain("viewer@example.com$25.50PayPalviewer@paypal.example");
    fireEvent.click(table.getByRole("button", { name: "Pay viewer@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Record payout" }));
    expect(dialog.getByText(/by PayPal to/).textContent).toContain("$25.50 by PayPal to viewer@paypal.example");
    fireEvent.change(dialog.getByLabelText("Payment reference (optional)"), { target: { value: " PP-9 " } });
    fireEvent.click(dialog.getByRole("button", { name: "Record payment" }));
    await vi.waitFor(() => expect(screen.queryByRole("table", { name: "Open payout requests" })).toBeNull());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(bodiesOf(fetchMock, `POST /api/admin/payout-requests/${request.id}/pay`)).toEqual([{ payment_reference: "PP-9" }]);
  });

  it("records a payment without a reference", async () => {
    const fetchMock = stub();
    renderWithQueries(<PaymentsTab />);
    const table = within(await screen.findByRole("table", { name: "Open payout requests" }));
    fireEvent.click(table.getByRole("button", { name: "Pay viewer@example.com" }));
    fireEvent.click(within(screen.getByRole("dialog", { name: "Record payout" })).getByRole("button", { name: "Record payment" }));
    await vi.waitFor(() => expect(bodiesOf(fetchMock, `POST /api/admin/payout-requests/${request.id}/pay`)).toEqual([{ payment_reference: null }]));
  });

  it("rejects with a reason, and not without one", async () => {
    const fetchMock = stub();
    renderWithQueries(<PaymentsTab />);
    const table = within(await screen.findByRole("table", { name: "Open payout requests" }));
    fireEvent.click(table.getByRole("button", { name: "Reject payout to viewer@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Reject payout request" }));
    fireEvent.change(dialog.getByLabelText("Reason"), { target: { value: "  " } });
    fireEvent.click(dialog.getByRole("button", { name: "Reject" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("Write a note saying why, for the record");
    expect(bodiesOf(fetchMock, `POST /api/admin/payout-requests/${request.id}/reject`)).toEqual([]);
    fireEvent.change(dialog.getByLabelText("Reason"), { target: { value: "Account closed" } });
    fireEvent.click(dialog.getByRole("button", { name: "Reject" }));
    await vi.waitFor(() => expect(screen.queryByRole("table", { name: "Open payout requests" })).toBeNull());
    expect(bodiesOf(fetchMock, `POST /api/admin/payout-requests/${request.id}/reject`)).toEqual([{ reason: "Account closed" }]);
  });

  it("keeps the dialog open with the server's refusal when another admin decided first", async () => {
    stubAdmin({
      "GET /api/admin/payout-requests": () => ({ body: [request] }),
      [`POST /api/admin/payout-requests/${request.id}/pay`]: () => ({ status: 409, body: { error: "This payout request is already paid" } }),
    });
    renderWithQueries(<PaymentsTab />);
    const table = within(await screen.findByRole("table", { name: "Open payout requests" }));
    fireEvent.click(table.getByRole("button", { name: "Pay viewer@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Record payout" }));
    fireEvent.click(dialog.getByRole("button", { name: "Record payment" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("This payout request is already paid");
  });
});
