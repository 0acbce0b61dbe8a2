import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { PaymentJson } from "../../lib/types";
import { adminPayment, stubAdmin, viewer } from "../../test/admin-fixtures";
import { PaymentsTab } from "./payments-tab";
import { renderWithQueries } from "../../test/query-client";
import { bodiesOf } from "../../test/fetch";
import { definitionOf, dialog } from "../../test/screen";
import { stubBrowserDialogs } from "../../test/browser-dialogs";

const overdraft = {
  status: 409,
  body: {
    code: "insufficient_balance",
    error: "This payment ($31.00) is more than the user's available balance ($30.00). Confirm to record it anyway.",
    requestId: "r",
  },
};
const networkDown = () => {
  throw new TypeError("Failed to fetch");
};

let alert: ReturnType<typeof stubBrowserDialogs>["alert"];
let confirm: ReturnType<typeof stubBrowserDialogs>["confirm"];
beforeEach(() => {
  ({ alert, confirm } = stubBrowserDialogs());
});

async function fillNewPayment(amount: string) {
  fireEvent.click(await screen.findByRole("button", { name: "Record Payment" }));
  fireEvent.change(dialog().getByRole("combobox", { name: "User" }), { target: { value: "viewer" } });
  fireEvent.click(await dialog().findByRole("option", { name: /viewer@example.com/ }));
  fireEvent.change(dialog().getByLabelText("Amount (USD)"), { target: { value: amount } });
  fireEvent.change(dialog().getByLabelText("Payment Method"), { target: { value: "PayPal" } });
}
const submit = () => fireEvent.click(dialog().getByRole("button", { name: /^(Record Payment|Save Changes)$/ }));

describe("payments tab", () => {
  it("lists payments with totals (2 decimals; only completed ones are paid), status badges, a CSV link", async () => {
    stubAdmin({
      "GET /api/admin/payments": {
        body: [
          adminPayment({ amount_usd: 25, status: "completed", payment_reference: "PP-1", notes: "First payout" }),
          adminPayment({ amount_usd: 30.5, payment_method: "Venmo" }),
        ],
      },
    });
    renderWithQueries(<PaymentsTab />);
    const table = within(await screen.findByRole("table", { name: "Payments" }));
    expect(definitionOf("Total Paid")).toBe("$25.00");
    expect(definitionOf("Pending")).toBe("$30.50");
    expect(definitionOf("Total Recorded")).toBe("$55.50");
    const [first, second] = table.getAllByRole("row").slice(1);
    expect([...first.children].slice(0, 7).map((c) => c.textContent)).toEqual([
      "viewer@example.com", "$25.00", "PayPal", "PP-1", "Completed", "Nov 1, 2026", "First payout",
    ]);
    expect(within(first).getByText("Completed").dataset.tone).toBe("green");
    expect(within(second).getByText("Pending").dataset.tone).toBe("yellow");
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe("/api/admin/payments.csv");
  });

  it("says when no payments are recorded", async () => {
    stubAdmin();
    renderWithQueries(<PaymentsTab />);
    expect(await screen.findByText("No payments recorded yet")).toBeVisible();
  });

  it("records a payment bigger than the balance only after the admin confirms the server's message", async () => {
    const fetchMock = stubAdmin({
      "POST /api/admin/payments": (init) =>
        JSON.parse(String(init?.body)).override ? { status: 201, body: adminPayment({ amount_usd: 31 }) } : overdraft,
    });
    renderWithQueries(<PaymentsTab />);
    await fillNewPayment("31");
    expect(dialog().getByLabelText("Status")).toHaveProperty("value", "pending");
    confirm.mockReturnValueOnce(false);
    submit();
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(overdraft.body.error));
    expect(screen.getByRole("dialog", { name: "Record Payment" })).toBeVisible();
    expect(bodiesOf(fetchMock, "POST /api/admin/payments")).toHaveLength(1);

    submit();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const base = { user_id: viewer.id, amount_usd: 31, payment_method: "PayPal", payment_reference: "", status: "pending", notes: "" };
    expect(bodiesOf(fetchMock, "POST /api/admin/payments")).toEqual([
      { ...base, override: false },
      { ...base, override: false },
      { ...base, override: true },
    ]);
    expect(alert).not.toHaveBeenCalled();
  });

  it("alerts 'Error: ' with the server's error in words, and the action's message when the network fails", async () => {
    let reply: () => { status: number; body: unknown } = () => ({
      status: 400, body: { error: "amount_usd: amount_usd must be more than 0", requestId: "r" },
    });
    stubAdmin({ "POST /api/admin/payments": () => reply() });
    renderWithQueries(<PaymentsTab />);
    await fillNewPayment("5");
    submit();
    // No field path on screen (docs/decisions/038).
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Error: Amount must be more than 0"));
    expect(screen.getByRole("dialog")).toBeVisible();

    reply = networkDown;
    submit();
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith("Failed to add payment"));
  });

  it("Record Payment: the user list waits for a click or typing, and Escape with it closed closes the dialog", async () => {
    stubAdmin({});
    renderWithQueries(<PaymentsTab />);
    fireEvent.click(await screen.findByRole("button", { name: "Record Payment" }));
    const picker = dialog().getByRole("combobox", { name: "User" });
    await waitFor(() => expect(document.activeElement).toBe(picker));
    await screen.findByText("Payment Method");
    expect(dialog().queryByRole("listbox")).toBeNull();
    fireEvent.change(picker, { target: { value: "view" } });
    expect(await dialog().findByRole("listbox")).toBeVisible();
    fireEvent.keyDown(picker, { key: "Escape" });
    expect(dialog().queryByRole("listbox")).toBeNull();
    fireEvent.keyDown(picker, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("a payment of 0 is explained by the field and not sent", async () => {
    const fetchMock = stubAdmin({});
    renderWithQueries(<PaymentsTab />);
    await fillNewPayment("0");
    expect(dialog().getByText("Enter an amount more than $0.00")).toBeVisible();
    expect(dialog().getByRole("button", { name: "Record Payment" })).toHaveProperty("disabled", true);
    expect(bodiesOf(fetchMock, "POST /api/admin/payments")).toEqual([]);
  });

  it("edits a payment, moving its status either way; a failed update alerts", async () => {
    const payment = adminPayment({ status: "completed", amount_usd: 12, payment_reference: "R1" });
    let patch: (init?: RequestInit) => { status?: number; body?: unknown } = (init) => ({ body: { ...payment, ...JSON.parse(String(init?.body)) } as PaymentJson });
    const fetchMock = stubAdmin({ "GET /api/admin/payments": { body: [payment] }, [`PATCH /api/admin/payments/${payment.id}`]: (init) => patch(init) });
    renderWithQueries(<PaymentsTab />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit payment to viewer@example.com" }));
    expect(screen.getByRole("dialog", { name: "Edit Payment" })).toBeVisible();
    expect(dialog().getByRole("combobox", { name: "User" })).toHaveProperty("value", "viewer@example.com");
    expect(dialog().getByLabelText("Amount (USD)")).toHaveProperty("value", "12");
    fireEvent.change(dialog().getByLabelText("Status"), { target: { value: "pending" } });
    submit();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesOf(fetchMock, `PATCH /api/admin/payments/${payment.id}`)).toEqual([
      { user_id: viewer.id, amount_usd: 12, payment_method: "PayPal", payment_reference: "R1", status: "pending", notes: "", override: false },
    ]);

    patch = networkDown;
    fireEvent.click(screen.getByRole("button", { name: "Edit payment to viewer@example.com" }));
    submit();
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Failed to update payment"));
  });

  it("deletes after the confirmation; failures alert", async () => {
    const payment = adminPayment();
    let remove: () => { status?: number; body?: unknown } = () => ({ status: 404, body: { error: "Payment not found", requestId: "r" } });
    const fetchMock = stubAdmin({ "GET /api/admin/payments": { body: [payment] }, [`DELETE /api/admin/payments/${payment.id}`]: () => remove() });
    renderWithQueries(<PaymentsTab />);
    const button = await screen.findByRole("button", { name: "Delete payment to viewer@example.com" });
    confirm.mockReturnValueOnce(false);
    fireEvent.click(button);
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this payment record?");
    expect(bodiesOf(fetchMock, `DELETE /api/admin/payments/${payment.id}`)).toHaveLength(0);

    fireEvent.click(button);
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Error: Payment not found"));
    remove = networkDown;
    fireEvent.click(button);
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith("Failed to delete payment"));
  });
});
