import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { PayoutRequestJson } from "../../../common/schemas/payout-requests";
import { stubAdmin } from "../../test/admin-fixtures";
import { bodiesOf } from "../../test/fetch";
import { renderWithQueries } from "../../test/query-client";
import { PaymentsTab } from "./payments-tab";

// The Payments tab's payout requests (docs/decisions/036, 066): open PayPal and Venmo requests go out in
// batches (ticked, or all), bank transfers are paid one by one, any open one may be rejected; sent ones wait
// marked with their batch.

let sequence = 0;
function makeRequest(overrides: Partial<PayoutRequestJson> = {}): PayoutRequestJson {
  sequence += 1;
  return {
    id: `01J00000000000000000000Q${String(sequence).padStart(2, "0")}`,
    user_id: "u1",
    user_email: "viewer@example.com",
    amount_usd: 25.5,
    payment_method: "PayPal",
    payout_address: "viewer@paypal.example",
    status: "open",
    created_at: "2026-11-20T10:00:00.000Z",
    decided_at: null,
    reason: null,
    payment_id: null,
    batch_id: null,
    sent_at: null,
    correction: null,
    address_also_named_by: [],
    ...overrides,
  };
}

/** The admin API with these requests (answered by status), no batches yet, and a batch POST that sends them. */
function stubRequests(requests: PayoutRequestJson[], routes: Parameters<typeof stubAdmin>[0] = {}) {
  let list = requests;
  return stubAdmin({
    "GET /api/admin/payout-requests": (_init, url) => ({
      body: list.filter((r) => r.status === url.searchParams.get("status")),
    }),
    "GET /api/admin/payout-batches": { body: [] },
    "POST /api/admin/payout-batches": (init) => {
      const ids: string[] | undefined = JSON.parse(String(init?.body)).request_ids;
      const going = list.filter(
        (r) => r.status === "open" && r.payment_method !== "Bank Transfer" && (!ids || ids.includes(r.id)),
      );
      list = list.map((r) => (going.includes(r) ? { ...r, status: "sent", batch_id: 7 } : r));
      const total = going.reduce((sum, r) => sum + Math.round(r.amount_usd * 100), 0) / 100;
      return { status: 201, body: { id: 7, count: going.length, total_usd: total } };
    },
    ...routes,
  });
}

const openTable = async () => within(await screen.findByRole("table", { name: "Open payout requests" }));
const batchBar = () => screen.getByRole("button", { name: "Send in a batch" }).parentElement!;

describe("payout requests in the Payments tab", () => {
  it("sends the ticked requests in a batch, with their count and total shown first, then offers PayPal's file", async () => {
    const ava = makeRequest({ user_email: "ava@example.com", payout_address: "ava@paypal.example", amount_usd: 25 });
    const ben = makeRequest({
      user_email: "ben@example.com",
      payout_address: "@ben-venmo",
      payment_method: "Venmo",
      amount_usd: 30.25,
    });
    const cleo = makeRequest({ user_email: "cleo@example.com", payout_address: "cleo@paypal.example", amount_usd: 40 });
    const fetchMock = stubRequests([ava, ben, cleo]);
    renderWithQueries(<PaymentsTab />);
    const table = await openTable();
    // Nothing ticked: the batch would take every open PayPal and Venmo request.
    expect(batchBar().textContent).toContain(
      "None ticked, so all open PayPal and Venmo requests: 3 requests · $95.25 total",
    );

    fireEvent.click(table.getByRole("checkbox", { name: "Select payout to ava@example.com" }));
    fireEvent.click(table.getByRole("checkbox", { name: "Select payout to ben@example.com" }));
    expect(batchBar().textContent).toContain("2 requests · $55.25 total");
    expect(batchBar().textContent).not.toContain("None ticked");
    expect(screen.getByRole("checkbox", { name: "Select all" })).toHaveProperty("indeterminate", true);

    fireEvent.click(screen.getByRole("button", { name: "Send in a batch" }));
    const notice = await screen.findByRole("status");
    expect(notice.textContent).toContain("Batch 7 sent: 2 requests · $55.25 total");
    expect(within(notice).getByRole("link", { name: "Download PayPal file" }).getAttribute("href")).toBe(
      "/api/admin/payout-batches/7/csv",
    );
    expect(bodiesOf(fetchMock, "POST /api/admin/payout-batches")).toEqual([{ request_ids: [ava.id, ben.id] }]);

    // The sent ones wait, marked with their batch; Cleo's is still open.
    const sent = within(await screen.findByRole("table", { name: "Payout requests sent in batches" }));
    await vi.waitFor(() => expect(sent.getAllByRole("row")).toHaveLength(3));
    expect(sent.getAllByText("Sent in batch 7")).toHaveLength(2);
    expect((await openTable()).getAllByRole("row")).toHaveLength(2);
  });

  it("offers the batch's file until its result is recorded, never after", async () => {
    const request = makeRequest();
    let recorded = false;
    const batch = () => ({
      id: 7,
      count: 1,
      total_usd: 25.5,
      created_at: "2026-11-21T09:00:00.000Z",
      created_by_email: "admin@example.com",
      status: recorded ? "recorded" : "sent",
      recorded_at: recorded ? "2026-11-22T09:00:00.000Z" : null,
      paid_count: recorded ? 1 : 0,
      paid_usd: recorded ? 25.5 : 0,
      returned_count: 0,
      returned_usd: 0,
    });
    stubRequests([request], {
      "GET /api/admin/payout-batches": () => ({ body: [batch()] }),
      "POST /api/admin/payout-batches/7/result": () => {
        recorded = true;
        return { body: batch() };
      },
    });
    renderWithQueries(<PaymentsTab />);
    await openTable();
    fireEvent.click(screen.getByRole("button", { name: "Send in a batch" }));
    const requests = within(screen.getByRole("region", { name: "Payout requests" }));
    expect(await requests.findByRole("link", { name: "Download PayPal file" })).toBeVisible();
    const batches = within(await screen.findByRole("region", { name: "Payout batches" }));
    fireEvent.click(batches.getByRole("button", { name: "Record result" }));
    const dialog = within(screen.getByRole("dialog", { name: "Record result of batch 7" }));
    await dialog.findByRole("listitem");
    fireEvent.click(dialog.getByRole("button", { name: "Record result" }));
    await vi.waitFor(() => expect(screen.queryByRole("link", { name: "Download PayPal file" })).toBeNull());
  });

  it("Select all ticks every request a batch pays, and none sends them all without naming them", async () => {
    const fetchMock = stubRequests([
      makeRequest({ amount_usd: 25 }),
      makeRequest({ user_email: "ben@example.com", amount_usd: 50 }),
      makeRequest({
        user_email: "dan@example.com",
        payment_method: "Bank Transfer",
        payout_address: "IBAN DE89 3704 0044 0532 0130 00",
        amount_usd: 100,
      }),
    ]);
    renderWithQueries(<PaymentsTab />);
    const table = await openTable();
    // A bank transfer has no tick box: it is paid on its own.
    expect(table.queryByRole("checkbox", { name: "Select payout to dan@example.com" })).toBeNull();
    expect(table.getByRole("button", { name: "Pay dan@example.com" })).toBeVisible();
    expect(table.queryByRole("button", { name: "Pay ben@example.com" })).toBeNull();

    const all = screen.getByRole("checkbox", { name: "Select all" });
    fireEvent.click(all);
    expect(table.getAllByRole("checkbox", { checked: true })).toHaveLength(2);
    expect(batchBar().textContent).toContain("2 requests · $75.00 total");
    fireEvent.click(all);
    expect(table.queryAllByRole("checkbox", { checked: true })).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Send in a batch" }));
    expect((await screen.findByRole("status")).textContent).toContain("Batch 7 sent: 2 requests · $75.00 total");
    expect(bodiesOf(fetchMock, "POST /api/admin/payout-batches")).toEqual([{}]);
  });

  it("shows the server's refusal of a batch and keeps the ticks", async () => {
    const request = makeRequest();
    stubRequests([request], {
      "POST /api/admin/payout-batches": () => ({
        status: 409,
        body: {
          error:
            "The request of $25.50 to viewer@paypal.example is more than its member's available balance now; reject it or pay it on its own.",
          code: "insufficient_balance",
          requestId: "r",
        },
      }),
    });
    renderWithQueries(<PaymentsTab />);
    const table = await openTable();
    fireEvent.click(table.getByRole("checkbox", { name: "Select payout to viewer@example.com" }));
    fireEvent.click(screen.getByRole("button", { name: "Send in a batch" }));
    expect((await screen.findByRole("alert")).textContent).toContain("is more than its member's available balance now");
    expect(table.getByRole("checkbox", { name: "Select payout to viewer@example.com" })).toHaveProperty(
      "checked",
      true,
    );
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("names, in warning colour, the other members who asked to be paid to the same address", async () => {
    const long = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com`;
    stubRequests([makeRequest({ address_also_named_by: ["mallory@example.com", long] })]);
    renderWithQueries(<PaymentsTab />);
    const table = await openTable();
    const warning = table.getByText(/^Also asked for by:/);
    expect(warning.textContent).toBe(`⚠ Also asked for by: mallory@example.com, ${long}`);
    expect(warning.className).toContain("text-amber-300");
    expect(warning.className).toContain("wrap-anywhere");
  });

  it("pays a bank transfer on its own with a reference", async () => {
    const request = makeRequest({
      payment_method: "Bank Transfer",
      payout_address: "IBAN DE89 3704 0044 0532 0130 00",
    });
    const fetchMock = stubRequests([request], {
      [`POST /api/admin/payout-requests/${request.id}/pay`]: () => ({
        body: { request: { ...request, status: "paid" }, payment: {} },
      }),
    });
    renderWithQueries(<PaymentsTab />);
    const table = await openTable();
    expect(table.getAllByRole("row")[1]!.textContent).toContain(
      "viewer@example.com$25.50Bank TransferIBAN DE89 3704 0044 0532 0130 00",
    );
    fireEvent.click(table.getByRole("button", { name: "Pay viewer@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Record payout" }));
    expect(dialog.getByText(/by Bank Transfer to/).textContent).toContain("$25.50 by Bank Transfer to IBAN DE89");
    // A transaction id is one line, as the server keeps it: an input, not a text box for paragraphs.
    expect(dialog.getByLabelText("Payment reference (optional)").tagName).toBe("INPUT");
    fireEvent.change(dialog.getByLabelText("Payment reference (optional)"), { target: { value: " WIRE-9 " } });
    fireEvent.click(dialog.getByRole("button", { name: "Record payment" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesOf(fetchMock, `POST /api/admin/payout-requests/${request.id}/pay`)).toEqual([
      { payment_reference: "WIRE-9" },
    ]);
  });

  it("isolates an address stored with bidi controls before they were refused, in the row and the Pay dialog (docs/decisions/108)", async () => {
    const spoof = "IBAN DE00 \u202egnp.exe\u202c <b>x</b> 🦄";
    const request = makeRequest({ payment_method: "Bank Transfer", payout_address: spoof });
    stubRequests([request]);
    renderWithQueries(<PaymentsTab />);
    const table = await openTable();
    const shown = table.getByText(spoof);
    // Its own bidi element, so the override ends with it and cannot turn the text around it.
    expect(shown.tagName).toBe("BDI");
    expect(shown.textContent).toBe(spoof);
    fireEvent.click(table.getByRole("button", { name: "Pay viewer@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Record payout" }));
    expect(dialog.getByText(spoof).tagName).toBe("BDI");
  });

  it("rejects with a reason, and not without one", async () => {
    const request = makeRequest();
    const fetchMock = stubRequests([request], {
      [`POST /api/admin/payout-requests/${request.id}/reject`]: () => ({ body: { ...request, status: "rejected" } }),
    });
    renderWithQueries(<PaymentsTab />);
    const table = await openTable();
    fireEvent.click(table.getByRole("button", { name: "Reject payout to viewer@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Reject payout request" }));
    fireEvent.change(dialog.getByLabelText("Reason"), { target: { value: "  " } });
    fireEvent.click(dialog.getByRole("button", { name: "Reject" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("Write a note saying why, for the record");
    expect(bodiesOf(fetchMock, `POST /api/admin/payout-requests/${request.id}/reject`)).toEqual([]);
    fireEvent.change(dialog.getByLabelText("Reason"), { target: { value: "Account closed" } });
    fireEvent.click(dialog.getByRole("button", { name: "Reject" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesOf(fetchMock, `POST /api/admin/payout-requests/${request.id}/reject`)).toEqual([
      { reason: "Account closed" },
    ]);
  });

  it("keeps the dialog open with the server's refusal when another admin decided first", async () => {
    const request = makeRequest({ payment_method: "Bank Transfer", payout_address: "Acct 12345678" });
    stubRequests([request], {
      [`POST /api/admin/payout-requests/${request.id}/pay`]: () => ({
        status: 409,
        body: { error: "This payout request is already paid", requestId: "r" },
      }),
    });
    renderWithQueries(<PaymentsTab />);
    fireEvent.click((await openTable()).getByRole("button", { name: "Pay viewer@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Record payout" }));
    fireEvent.click(dialog.getByRole("button", { name: "Record payment" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("This payout request is already paid");
  });
});
