import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { PayoutBatchJson } from "../../../common/schemas/payout-batches";
import type { PayoutRequestJson } from "../../../common/schemas/payout-requests";
import { stubAdmin } from "../../test/admin-fixtures";
import { bodiesOf } from "../../test/fetch";
import { renderWithQueries } from "../../test/query-client";
import { PaymentsTab } from "./payments-tab";

// The Payments tab's payout batches (docs/decisions/066): each with what it sent; a sent one offers PayPal's
// file and "Record result", where the admin ticks what PayPal returned, with a reason each.

const sentBatch: PayoutBatchJson = {
  id: 3,
  count: 3,
  total_usd: 75.5,
  created_at: "2026-11-21T09:00:00.000Z",
  created_by_email: "admin@example.com",
  status: "sent",
  recorded_at: null,
  paid_count: 0,
  paid_usd: 0,
  returned_count: 0,
  returned_usd: 0,
};
const recordedBatch: PayoutBatchJson = {
  ...sentBatch,
  id: 2,
  count: 2,
  total_usd: 50,
  status: "recorded",
  recorded_at: "2026-11-20T12:00:00.000Z",
  paid_count: 1,
  paid_usd: 25,
  returned_count: 1,
  returned_usd: 25,
};

const inBatch = (n: number, overrides: Partial<PayoutRequestJson>): PayoutRequestJson => ({
  id: `01J00000000000000000000R0${n}`,
  user_id: `u${n}`,
  user_email: `member${n}@example.com`,
  amount_usd: 25,
  payment_method: "PayPal",
  payout_address: `member${n}@paypal.example`,
  status: "sent",
  created_at: "2026-11-20T10:00:00.000Z",
  decided_at: null,
  reason: null,
  payment_id: null,
  batch_id: 3,
  sent_at: "2026-11-29T10:00:00.000Z",
  correction: null,
  address_also_named_by: [],
  ...overrides,
});
const requests = [
  inBatch(1, {}),
  inBatch(2, { amount_usd: 25.5 }),
  inBatch(3, { payment_method: "Venmo", payout_address: "@member-three" }),
];
// Sent in another batch: not part of batch 3's result.
const elsewhere = inBatch(4, { batch_id: 9 });

function stub(routes: Parameters<typeof stubAdmin>[0] = {}) {
  let batches = [sentBatch, recordedBatch];
  return stubAdmin({
    "GET /api/admin/payout-requests": (_init, url) => ({
      body: url.searchParams.get("status") === "sent" ? [...requests, elsewhere] : [],
    }),
    "GET /api/admin/payout-batches": () => ({ body: batches }),
    "POST /api/admin/payout-batches/3/result": (init) => {
      const { returned } = JSON.parse(String(init?.body)) as { returned: { request_id: string }[] };
      const back = requests.filter((r) => returned.some((x) => x.request_id === r.id));
      const backUsd = back.reduce((sum, r) => sum + r.amount_usd, 0);
      const done: PayoutBatchJson = {
        ...sentBatch,
        status: "recorded",
        recorded_at: "2026-11-22T09:00:00.000Z",
        paid_count: 3 - back.length,
        paid_usd: 75.5 - backUsd,
        returned_count: back.length,
        returned_usd: backUsd,
      };
      batches = [done, recordedBatch];
      return { body: done };
    },
    ...routes,
  });
}

const batchesTable = async () => within(await screen.findByRole("table", { name: "Payout batches" }));

async function openResult() {
  const table = await batchesTable();
  const row = table.getByRole("row", { name: /Batch 3/ });
  fireEvent.click(within(row).getByRole("button", { name: "Record result" }));
  const dialog = within(screen.getByRole("dialog", { name: "Record result of batch 3" }));
  await dialog.findByRole("list", { name: "Requests in batch 3" });
  return dialog;
}

describe("payout batches in the Payments tab", () => {
  it("lists each batch with its number, date, count, total and status; a sent one offers PayPal's file", async () => {
    stub();
    renderWithQueries(<PaymentsTab />);
    const table = await batchesTable();
    const [, sent, recorded] = table.getAllByRole("row");
    expect([...sent!.children].slice(0, 5).map((c) => c.textContent)).toEqual([
      "Batch 3",
      "Nov 21, 2026by admin@example.com",
      "3",
      "$75.50",
      "Sent",
    ]);
    expect(within(sent!).getByRole("link", { name: "Download PayPal file" }).getAttribute("href")).toBe(
      "/api/admin/payout-batches/3/csv",
    );
    expect(recorded!.textContent).toContain("Recorded1 paid ($25.00), 1 returned ($25.00)");
    // Uploading a recorded batch's file again would pay twice: it is not offered.
    expect(within(recorded!).queryByRole("link")).toBeNull();
    expect(within(recorded!).queryByRole("button")).toBeNull();
  });

  it("records the result: the returned requests with their reasons, the totals shown before confirming", async () => {
    const fetchMock = stub();
    renderWithQueries(<PaymentsTab />);
    const dialog = await openResult();
    const items = dialog.getAllByRole("listitem");
    expect(items.map((i) => i.textContent)).toEqual([
      "Returned: $25.00 to member1@paypal.example (member1@example.com)",
      "Returned: $25.50 to member2@paypal.example (member2@example.com)",
      "Returned: $25.00 to @member-three (member3@example.com)",
    ]);
    const totals = () => dialog.getByText(/ paid · /).textContent;
    expect(totals()).toBe("3 paid · $75.50; 0 returned · $0.00");

    fireEvent.click(within(items[1]!).getByRole("checkbox", { name: /^Returned/ }));
    expect(totals()).toBe("2 paid · $50.00; 1 returned · $25.50");
    // A returned request needs its reason before anything is sent.
    fireEvent.click(dialog.getByRole("button", { name: "Record result" }));
    expect((await within(items[1]!).findByRole("alert")).textContent).toBe("Give the reason PayPal returned it");
    expect(bodiesOf(fetchMock, "POST /api/admin/payout-batches/3/result")).toEqual([]);

    fireEvent.change(within(items[1]!).getByLabelText("Why PayPal returned it"), {
      target: { value: " Receiver account unconfirmed " },
    });
    fireEvent.change(dialog.getByLabelText("PayPal batch reference (optional)"), { target: { value: "PPB-42" } });
    fireEvent.click(dialog.getByRole("button", { name: "Record result" }));
    const status = await screen.findByRole("status");
    expect(status.textContent).toBe("Batch 3. Recorded: 2 paid ($50.00), 1 returned ($25.50)");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(bodiesOf(fetchMock, "POST /api/admin/payout-batches/3/result")).toEqual([
      {
        returned: [{ request_id: requests[1]!.id, reason: "Receiver account unconfirmed" }],
        payment_reference: "PPB-42",
      },
    ]);
    // The list shows the batch recorded, with nothing left to download.
    await vi.waitFor(async () =>
      expect(within((await batchesTable()).getAllByRole("row")[1]!).queryByRole("link")).toBeNull(),
    );
  });

  it("records a batch all paid with no reference", async () => {
    const fetchMock = stub();
    renderWithQueries(<PaymentsTab />);
    const dialog = await openResult();
    fireEvent.click(dialog.getByRole("button", { name: "Record result" }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "Batch 3. Recorded: 3 paid ($75.50), 0 returned ($0.00)",
    );
    expect(bodiesOf(fetchMock, "POST /api/admin/payout-batches/3/result")).toEqual([
      { returned: [], payment_reference: null },
    ]);
  });

  it("shows the server's refusal when another admin recorded the batch first", async () => {
    stub({
      "POST /api/admin/payout-batches/3/result": () => ({
        status: 409,
        body: { error: "The result of batch 3 was already recorded.", code: "already_recorded", requestId: "r" },
      }),
    });
    renderWithQueries(<PaymentsTab />);
    const dialog = await openResult();
    fireEvent.click(dialog.getByRole("button", { name: "Record result" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("The result of batch 3 was already recorded.");
    expect(screen.getByRole("dialog")).toBeVisible();
  });
});
