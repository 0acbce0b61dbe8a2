import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { PaymentJson } from "../../../common/schemas/payments";
import { adminPayment, stubAdmin as stubAdminLists, viewer } from "../../test/admin-fixtures";
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
/** The admin lists the tab loads, with no payout batches yet, plus `routes`. */
const stubAdmin = (routes: Parameters<typeof stubAdminLists>[0] = {}) =>
  stubAdminLists({ "GET /api/admin/payout-batches": { body: [] }, ...routes });

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
      "viewer@example.com",
      "$25.00",
      "PayPal",
      "PP-1",
      "Completed",
      "Nov 1, 2026",
      "First payout",
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
    const base = {
      user_id: viewer.id,
      amount_usd: 31,
      payment_method: "PayPal",
      payment_reference: "",
      status: "pending",
      notes: "",
    };
    expect(bodiesOf(fetchMock, "POST /api/admin/payments")).toEqual([
      { ...base, override: false },
      { ...base, override: false },
      { ...base, override: true },
    ]);
    expect(alert).not.toHaveBeenCalled();
  });

  it("says 'Error: ' with the server's error in words in the dialog, and the action's message when the network fails", async () => {
    let reply: () => { status: number; body: unknown } = () => ({
      status: 400,
      body: { error: "amount_usd: amount_usd must be more than 0", requestId: "r" },
    });
    stubAdmin({ "POST /api/admin/payments": () => reply() });
    renderWithQueries(<PaymentsTab />);
    await fillNewPayment("5");
    submit();
    // No field path on screen (docs/decisions/038).
    await waitFor(() => expect(dialog().getByRole("alert").textContent).toBe("Error: Amount must be more than 0"));
    expect(screen.getByRole("dialog")).toBeVisible();

    reply = networkDown;
    submit();
    await waitFor(() => expect(dialog().getByRole("alert").textContent).toBe("Failed to add payment"));
    expect(alert).not.toHaveBeenCalled();
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

  it("says in words why Record Payment is dimmed: what is missing, and a minus typed as − or -", async () => {
    const fetchMock = stubAdmin({});
    renderWithQueries(<PaymentsTab />);
    fireEvent.click(await screen.findByRole("button", { name: "Record Payment" }));
    const button = dialog().getByRole("button", { name: "Record Payment" });
    expect(button).toHaveProperty("disabled", true);
    const needed = dialog().getByText("Still needed: a member, an amount and a payment method.");
    expect(button.getAttribute("aria-describedby")).toBe(needed.id);

    fireEvent.change(dialog().getByRole("combobox", { name: "User" }), { target: { value: "viewer" } });
    fireEvent.click(await dialog().findByRole("option", { name: /viewer@example.com/ }));
    expect(dialog().getByText("Still needed: an amount and a payment method.")).toBeVisible();
    fireEvent.change(dialog().getByLabelText("Payment Method"), { target: { value: "PayPal" } });
    fireEvent.change(dialog().getByLabelText("Amount (USD)"), { target: { value: "−5" } });
    // The typographic minus is kept, read as a minus and refused in words (a number field made it 5).
    expect(dialog().getByLabelText("Amount (USD)")).toHaveProperty("value", "−5");
    expect(dialog().getByText("The amount cannot be negative")).toBeVisible();
    expect(dialog().queryByText(/^Still needed/)).toBeNull();
    fireEvent.change(dialog().getByLabelText("Amount (USD)"), { target: { value: "-5" } });
    expect(dialog().getByText("The amount cannot be negative")).toBeVisible();
    expect(dialog().getByRole("button", { name: "Record Payment" })).toHaveProperty("disabled", true);
    expect(bodiesOf(fetchMock, "POST /api/admin/payments")).toEqual([]);
  });

  it("a payment of 0 is explained by the field and not sent", async () => {
    const fetchMock = stubAdmin({});
    renderWithQueries(<PaymentsTab />);
    await fillNewPayment("0");
    expect(dialog().getByText("Enter an amount more than $0.00")).toBeVisible();
    expect(dialog().getByRole("button", { name: "Record Payment" })).toHaveProperty("disabled", true);
    expect(bodiesOf(fetchMock, "POST /api/admin/payments")).toEqual([]);
  });

  it("edits a payment, moving its status either way; a failed update is said in the dialog", async () => {
    const payment = adminPayment({ status: "completed", amount_usd: 12, payment_reference: "R1" });
    let patch: (init?: RequestInit) => { status?: number; body?: unknown } = (init) => ({
      body: { ...payment, ...JSON.parse(String(init?.body)) } as PaymentJson,
    });
    const fetchMock = stubAdmin({
      "GET /api/admin/payments": { body: [payment] },
      [`PATCH /api/admin/payments/${payment.id}`]: (init) => patch(init),
    });
    renderWithQueries(<PaymentsTab />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit payment to viewer@example.com" }));
    expect(screen.getByRole("dialog", { name: "Edit Payment" })).toBeVisible();
    expect(dialog().getByRole("combobox", { name: "User" })).toHaveProperty("value", "viewer@example.com");
    expect(dialog().getByLabelText("Amount (USD)")).toHaveProperty("value", "12");
    fireEvent.change(dialog().getByLabelText("Status"), { target: { value: "pending" } });
    submit();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesOf(fetchMock, `PATCH /api/admin/payments/${payment.id}`)).toEqual([
      {
        user_id: viewer.id,
        amount_usd: 12,
        payment_method: "PayPal",
        payment_reference: "R1",
        status: "pending",
        notes: "",
        override: false,
      },
    ]);

    patch = networkDown;
    fireEvent.click(screen.getByRole("button", { name: "Edit payment to viewer@example.com" }));
    submit();
    await waitFor(() => expect(dialog().getByRole("alert").textContent).toBe("Failed to update payment"));
    expect(alert).not.toHaveBeenCalled();
  });

  it("deletes after the confirmation; failures are said above the payments, not in alerts", async () => {
    const payment = adminPayment();
    let remove: () => { status?: number; body?: unknown } = () => ({
      status: 404,
      body: { error: "Payment not found", requestId: "r" },
    });
    const fetchMock = stubAdmin({
      "GET /api/admin/payments": { body: [payment] },
      [`DELETE /api/admin/payments/${payment.id}`]: () => remove(),
    });
    renderWithQueries(<PaymentsTab />);
    const button = await screen.findByRole("button", { name: "Delete payment to viewer@example.com" });
    confirm.mockReturnValueOnce(false);
    fireEvent.click(button);
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this payment record?");
    expect(bodiesOf(fetchMock, `DELETE /api/admin/payments/${payment.id}`)).toHaveLength(0);

    fireEvent.click(button);
    expect((await screen.findByText("Error: Payment not found")).getAttribute("role")).toBe("alert");
    remove = networkDown;
    fireEvent.click(button);
    expect((await screen.findByText("Failed to delete payment")).getAttribute("role")).toBe("alert");
    expect(screen.queryByText("Error: Payment not found")).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it("a payment that settled a payout request says so and offers Correct, not Edit or Delete", async () => {
    const settling = adminPayment({
      amount_usd: 25,
      status: "completed",
      request_id: "01J0000000000000000000000B",
      payment_reference: "PPB-1",
    });
    const manual = adminPayment({ user_id: "u2", user_email: "ben@example.com", amount_usd: 10 });
    stubAdmin({ "GET /api/admin/payments": { body: [settling, manual] } });
    renderWithQueries(<PaymentsTab />);
    const table = within(await screen.findByRole("table", { name: "Payments" }));
    const [first, second] = table.getAllByRole("row").slice(1);
    expect(within(first!).getByText("Settles a payout request")).toBeVisible();
    expect(
      within(first!)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Correct"]);
    expect(within(first!).getByRole("button", { name: "Correct payment to viewer@example.com" })).toBeVisible();
    // A manual payment keeps Edit and Delete, and may be corrected too.
    expect(within(second!).queryByText("Settles a payout request")).toBeNull();
    expect(
      within(second!)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Edit", "Delete", "Correct"]);
  });

  it("a correction of a request's payment needs a reason and a choice for the request, then sends both", async () => {
    const settling = adminPayment({ amount_usd: 25, status: "completed", request_id: "01J0000000000000000000000B" });
    const fetchMock = stubAdmin({
      "GET /api/admin/payments": { body: [settling] },
      [`POST /api/admin/payments/${settling.id}/reversal`]: () => ({
        body: {
          ...settling,
          reversal: {
            reason: "Sent to a closed account",
            request_outcome: "reopened",
            created_at: "2026-11-22T09:00:00.000Z",
          },
        },
      }),
    });
    renderWithQueries(<PaymentsTab />);
    fireEvent.click(await screen.findByRole("button", { name: "Correct payment to viewer@example.com" }));
    const correct = within(screen.getByRole("dialog", { name: "Correct payment" }));
    expect(
      correct.getByText((_, el) => el?.tagName === "P" && /to viewer@example.com by PayPal/.test(el.textContent))
        .textContent,
    ).toContain("$25.00 to viewer@example.com by PayPal on Nov 1, 2026");
    const send = () => fireEvent.click(correct.getByRole("button", { name: "Record correction" }));

    send();
    expect(correct.getByText("Give the reason for the correction")).toBeVisible();
    expect(correct.getByText("Choose what becomes of the payout request")).toBeVisible();
    // Zero-width spaces show nothing: still no reason, as the server counts it (docs/decisions/106).
    fireEvent.change(correct.getByLabelText("Reason"), { target: { value: "\u200b \u200b" } });
    send();
    expect(correct.getByText("Give the reason for the correction")).toBeVisible();
    fireEvent.change(correct.getByLabelText("Reason"), { target: { value: "  Sent to a closed account " } });
    send();
    expect(correct.queryByText("Give the reason for the correction")).toBeNull();
    expect(correct.getByText("Choose what becomes of the payout request")).toBeVisible();
    expect(bodiesOf(fetchMock, `POST /api/admin/payments/${settling.id}/reversal`)).toEqual([]);

    expect(correct.getByRole("radio", { name: "Close the request (the money goes back to the member)" })).toBeVisible();
    fireEvent.click(correct.getByRole("radio", { name: "Reopen the request (pay it again)" }));
    send();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesOf(fetchMock, `POST /api/admin/payments/${settling.id}/reversal`)).toEqual([
      { reason: "Sent to a closed account", request: "reopen" },
    ]);
  });

  it("a manual payment's correction asks only for the reason; the server's refusal shows in the dialog", async () => {
    const manual = adminPayment({ amount_usd: 12 });
    const fetchMock = stubAdmin({
      "GET /api/admin/payments": { body: [manual] },
      [`POST /api/admin/payments/${manual.id}/reversal`]: () => ({
        status: 409,
        body: { error: "This payment was already corrected.", code: "already_reversed", requestId: "r" },
      }),
    });
    renderWithQueries(<PaymentsTab />);
    fireEvent.click(await screen.findByRole("button", { name: "Correct payment to viewer@example.com" }));
    const correct = within(screen.getByRole("dialog", { name: "Correct payment" }));
    expect(correct.queryByRole("radio")).toBeNull();
    fireEvent.change(correct.getByLabelText("Reason"), { target: { value: "Bounced" } });
    fireEvent.click(correct.getByRole("button", { name: "Record correction" }));
    expect((await correct.findByRole("alert")).textContent).toBe("This payment was already corrected.");
    expect(bodiesOf(fetchMock, `POST /api/admin/payments/${manual.id}/reversal`)).toEqual([{ reason: "Bounced" }]);
  });

  it("a corrected payment shows its reason and its amount struck through, counts in no total, and has no actions", async () => {
    const reason = `<b>Returned</b> 🙃 ${"x".repeat(300)}`;
    const corrected = adminPayment({
      amount_usd: 25,
      status: "completed",
      request_id: "01J0000000000000000000000B",
      reversal: { reason, request_outcome: "closed", created_at: "2026-11-22T09:00:00.000Z" },
    });
    stubAdmin({
      "GET /api/admin/payments": { body: [corrected, adminPayment({ amount_usd: 5, status: "completed" })] },
    });
    renderWithQueries(<PaymentsTab />);
    const table = within(await screen.findByRole("table", { name: "Payments" }));
    const row = table.getAllByRole("row")[1]!;
    const amount = within(row).getByText("$25.00");
    expect(amount.tagName).toBe("S");
    expect(within(row).getByText(`Corrected: ${reason}`)).toBeVisible();
    expect(within(row).getByText(/Request closed/)).toBeVisible();
    expect(within(row).queryAllByRole("button")).toEqual([]);
    expect(definitionOf("Total Paid")).toBe("$5.00");
    expect(definitionOf("Total Recorded")).toBe("$5.00");
  });
});
