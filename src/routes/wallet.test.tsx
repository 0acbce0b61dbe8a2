import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PaymentJson } from "../../common/schemas/payments";
import type { PayoutRequestsResponse } from "../../common/schemas/payout-requests";
import type { WalletJson } from "../../common/schemas/wallet";
import { refreshAfterCredits } from "../queries/earnings-run";
import { useAuth } from "../stores/auth";
import { expectConsoleError } from "../test/console";
import {
  earningRules,
  emptyReport,
  makePayment,
  makePayoutRequest,
  makeWallet,
  noPayoutRequests,
} from "../test/earnings-fixtures";
import { stubFetch } from "../test/fetch";
import { ava } from "../test/fixtures";
import { renderApp } from "../test/render-route";

type Answers = {
  wallet?: () => WalletJson | { status: number };
  payments?: PaymentJson[];
  payoutRequests?: PayoutRequestsResponse;
};

function stubWallet({ wallet = () => makeWallet(), payments = [], payoutRequests = noPayoutRequests }: Answers = {}) {
  return stubFetch({
    "GET /api/me/wallet": () => {
      const answer = wallet();
      return "status" in answer && typeof answer.status === "number" ? answer : { body: answer };
    },
    "GET /api/me/payments": { body: { payments } },
    "GET /api/me/payout-requests": { body: payoutRequests },
    "GET /api/me/earnings/calendar": { body: emptyReport },
    "GET /api/earning-rules": { body: earningRules },
  });
}

const card = (name: string) => screen.getByRole("region", { name }).textContent;
/** A card's lines as [label, value], the split below the rule included. */
const lines = (name: string) =>
  within(screen.getByRole("region", { name }))
    .getAllByRole("term")
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("wallet overview", () => {
  it("shows balances with 3 decimals and what is left to reach the minimum payout", async () => {
    stubWallet({
      wallet: () =>
        makeWallet({ viewer_balance: 0.003, viewer_earnings: 0.003, creator_balance: 0.006, creator_earnings: 0.006 }),
    });
    renderApp("/wallet");
    expect(await screen.findByRole("tab", { name: "Overview", selected: true })).toBeVisible();
    await screen.findByRole("region", { name: "Total Balance" });
    expect(card("Total Balance")).toContain("$0.009");
    expect(card("Total Balance")).toContain("$24.991 more to reach the $25.00 minimum payout");
    expect(card("Total Balance")).not.toContain("Eligible");
    expect(card("Viewer Earnings")).toContain("$0.003");
    expect(card("Creator Earnings")).toContain("$0.006");
    // The rules arrive on their own (GET /api/earning-rules), maybe after the balances.
    const rules = () => within(screen.getByRole("region", { name: "How Earnings Work" })).getAllByRole("listitem");
    await vi.waitFor(() => expect(rules()).toHaveLength(10));
    expect(rules().map((rule) => rule.textContent)).toEqual([
      "Watch at least 80% of a video or track$0.003",
      "Others watch at least 80% of your content$0.003",
      "At most 3 paid views per item per day",
      "At most 100 paid views per day",
      "Items shorter than 5 seconds do not earn",
      "Only one video or track earns at a time",
      "No earnings from your own uploads",
      "New view rewards and sign-up bonuses stay pending for 7 days before you can be paid them",
      "Payouts from$25.00",
      "Ask for a payout above; our team sends it and records it under Payment History",
    ]);
  });

  it("lists what each balance is made of, admin credits apart from earnings, payouts included, so the lines add up", async () => {
    // $0.009 watched, a $5.50 sign-on bonus and a $69.50 manual bonus; $0.006 from content and a $30 manual
    // earning; $50 paid and $30 on its way, drawn from the viewer side's available money first.
    stubWallet({
      wallet: () =>
        makeWallet({
          viewer_balance: 0,
          viewer_earnings: 0.009,
          signon_bonus: 5.5,
          viewer_adjustments: 69.5,
          viewer_payouts: 75.009,
          creator_balance: 25.015,
          creator_earnings: 0.006,
          creator_adjustments: 30,
          creator_payouts: 4.991,
          paid_out: 50,
          pending_payouts: 30,
          adjustments: [
            { side: "creator", amount_usd: 30, description: "Contest prize", created_at: "2026-11-28T10:00:00.000Z" },
            {
              side: "viewer",
              amount_usd: 69.5,
              description: "Welcome back 🎉",
              created_at: "2026-11-02T10:00:00.000Z",
            },
          ],
        }),
    });
    renderApp("/wallet");
    await screen.findByRole("region", { name: "Total Balance" });
    expect(lines("Total Balance")).toEqual([
      ["Total earned", "$105.015"],
      ["Paid out", "−$50.00"],
      ["Payout in progress", "−$30.00"],
      ["Available", "$25.015"],
      ["Pending", "$0.00"],
    ]);
    expect(card("Total Balance")).toContain("$25.015");
    // Nothing waits on the clock: no release date.
    expect(card("Total Balance")).not.toContain("Next release");
    expect(lines("Viewer Earnings")).toEqual([
      ["Earned watching", "$0.009"],
      ["Sign-on bonus", "$5.50"],
      ["Adjustments by Reelpay", "$69.50"],
      ["Payouts", "−$75.009"],
      ["Available", "$0.00"],
      ["Pending", "$0.00"],
    ]);
    expect(lines("Creator Earnings")).toEqual([
      ["Earned from your content", "$0.006"],
      ["Adjustments by Reelpay", "$30.00"],
      ["Payouts", "−$4.991"],
      ["Available", "$25.015"],
      ["Pending", "$0.00"],
    ]);
    expect(card("Creator Earnings")).toContain("$25.015");
    // The admin's descriptions, each under the card of its side, apart from the lines that add up.
    const listed = (name: string) =>
      within(within(screen.getByRole("region", { name })).getByRole("list", { name: "Adjustments by Reelpay" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent);
    expect(listed("Creator Earnings")[0]).toMatch(/^Contest prize · \$30\.00 · Nov 28(, 2026)?$/);
    expect(listed("Viewer Earnings")[0]).toMatch(/^Welcome back 🎉 · \$69\.50 · Nov 2(, 2026)?$/);
  });

  it("splits the total into available and pending, with the next release day (UTC), and judges payout by the available part", async () => {
    // $30 in all, of which $12.5 is still held: $17.5 can be paid, which is short of $25.
    stubWallet({
      wallet: () =>
        makeWallet({
          viewer_balance: 20,
          viewer_earnings: 0.5,
          signon_bonus: 19.5,
          viewer_pending: 12.5,
          creator_balance: 10,
          creator_earnings: 10,
          // 23:30 UTC: still Nov 28 in UTC, already Nov 29 east of Greenwich.
          next_available_at: "2026-11-28T23:30:00.000Z",
        }),
    });
    renderApp("/wallet");
    const total = within(await screen.findByRole("region", { name: "Total Balance" }));
    expect(card("Total Balance")).toContain("$30.00");
    expect(total.getByText("Available").nextElementSibling?.textContent).toBe("$17.50");
    expect(total.getByText("Pending").nextElementSibling?.textContent).toBe("$12.50");
    expect(total.getByText("Next release Nov 28, 2026")).toBeVisible();
    // The total is above $25, but only the available $17.50 counts.
    expect(total.getByText("$7.50 more to reach the $25.00 minimum payout")).toBeVisible();
    expect(total.queryByText("✓ Eligible for payout")).toBeNull();
    expect(lines("Viewer Earnings").slice(-2)).toEqual([
      ["Available", "$7.50"],
      ["Pending", "$12.50"],
    ]);
    expect(lines("Creator Earnings").slice(-2)).toEqual([
      ["Available", "$10.00"],
      ["Pending", "$0.00"],
    ]);
  });

  it("says Eligible for payout once the available part reaches the minimum, whatever is pending", async () => {
    stubWallet({ wallet: () => makeWallet({ viewer_balance: 30, creator_balance: 5, creator_pending: 10 }) });
    renderApp("/wallet");
    expect(await screen.findByText("✓ Eligible for payout")).toBeVisible();
    const total = within(screen.getByRole("region", { name: "Total Balance" }));
    expect(total.getByText("Available").nextElementSibling?.textContent).toBe("$25.00");
    expect(screen.queryByText(/more to reach/)).toBeNull();
  });

  it("lists what reversals took back on each side by cause, so the lines still add up", async () => {
    // Viewer: $0.012 earned, $0.006 reversed after review → $0.006. Creator: $1 earned, $0.003 reversed after
    // a takedown and $0.003 after a suspension → $0.994.
    stubWallet({
      wallet: () =>
        makeWallet({
          viewer_balance: 0.006,
          viewer_earnings: 0.012,
          viewer_reversed: 0.006,
          viewer_reversed_by: { review: 0.006, takedown: 0, suspension: 0 },
          creator_balance: 0.994,
          creator_earnings: 1,
          creator_reversed: 0.006,
          creator_reversed_by: { review: 0, takedown: 0.003, suspension: 0.003 },
        }),
    });
    renderApp("/wallet");
    await screen.findByRole("region", { name: "Total Balance" });
    expect(lines("Viewer Earnings")).toEqual([
      ["Earned watching", "$0.012"],
      ["Reversed after review", "−$0.006"],
      ["Payouts", "$0.00"],
      ["Available", "$0.006"],
      ["Pending", "$0.00"],
    ]);
    expect(lines("Creator Earnings")).toEqual([
      ["Earned from your content", "$1.00"],
      ["Reversed: content taken down", "−$0.003"],
      ["Reversed: account suspended", "−$0.003"],
      ["Payouts", "$0.00"],
      ["Available", "$0.994"],
      ["Pending", "$0.00"],
    ]);
    expect(lines("Total Balance").slice(0, 5)).toEqual([
      ["Total earned", "$1.012"],
      ["Reversed after review", "−$0.006"],
      ["Reversed: content taken down", "−$0.003"],
      ["Reversed: account suspended", "−$0.003"],
      ["Paid out", "$0.00"],
    ]);
    expect(card("Total Balance")).toContain("$1.00");
  });

  it("shows what a granted appeal gave back apart from what was earned, so the lines still add up", async () => {
    // Creator: $0.012 earned, all taken back by a takedown, then given back by a granted appeal (docs/decisions/096):
    // $0.024 of rows, $0.012 of it a give-back, pending again.
    stubWallet({
      wallet: () =>
        makeWallet({
          creator_balance: 0.012,
          creator_earnings: 0.024,
          creator_given_back: 0.012,
          creator_pending: 0.012,
          creator_reversed: 0.012,
          creator_reversed_by: { review: 0, takedown: 0.012, suspension: 0 },
        }),
    });
    renderApp("/wallet");
    await screen.findByRole("region", { name: "Total Balance" });
    expect(lines("Creator Earnings")).toEqual([
      ["Earned from your content", "$0.012"],
      ["Reversed: content taken down", "−$0.012"],
      ["Given back after appeal", "$0.012"],
      ["Payouts", "$0.00"],
      ["Available", "$0.00"],
      ["Pending", "$0.012"],
    ]);
    expect(lines("Total Balance").slice(0, 3)).toEqual([
      ["Total earned", "$0.012"],
      ["Reversed: content taken down", "−$0.012"],
      ["Given back after appeal", "$0.012"],
    ]);
  });

  it("shows the sign-on bonus with its cents, never rounded to whole dollars", async () => {
    stubWallet({ wallet: () => makeWallet({ viewer_balance: 12.5, signon_bonus: 12.5 }) });
    renderApp("/wallet");
    const region = within(await screen.findByRole("region", { name: "Viewer Earnings" }));
    const bonus = region.getByText("Sign-on bonus").nextElementSibling as HTMLElement;
    expect(bonus.textContent).toBe("$12.50");
    expect(
      within(screen.getByRole("region", { name: "Creator Earnings" })).getByText("Payouts").nextElementSibling
        ?.textContent,
    ).toBe("$0.00");
  });

  it("says Eligible for payout once the total reaches the minimum (all of it available)", async () => {
    stubWallet({ wallet: () => makeWallet({ viewer_balance: 20.5, creator_balance: 4.5 }) });
    renderApp("/wallet");
    expect(await screen.findByText("✓ Eligible for payout")).toBeVisible();
    expect(card("Total Balance")).toContain("$25.00");
    expect(screen.queryByText(/more to reach/)).toBeNull();
  });

  it("says the payout is requested, not how far the minimum is, while a request sets its amount aside", async () => {
    stubWallet({
      wallet: () => makeWallet({ viewer_earnings: 30, viewer_balance: 5, viewer_payouts: 25, reserved_payout: 25 }),
      payoutRequests: { ...noPayoutRequests, requests: [makePayoutRequest()] },
    });
    renderApp("/wallet");
    expect(await screen.findByText("Payout of $25.00 requested")).toBeVisible();
    expect(lines("Total Balance")).toEqual([
      ["Total earned", "$30.00"],
      ["Paid out", "$0.00"],
      ["Payout in progress", "−$25.00"],
      ["Available", "$5.00"],
      ["Pending", "$0.00"],
    ]);
    expect(screen.queryByText(/more to reach/)).toBeNull();
    expect(screen.queryByText("✓ Eligible for payout")).toBeNull();
  });

  it("names the batch a request was sent in", async () => {
    stubWallet({
      wallet: () => makeWallet({ viewer_earnings: 30, viewer_balance: 5, viewer_payouts: 25, reserved_payout: 25 }),
      payoutRequests: { ...noPayoutRequests, requests: [makePayoutRequest({ status: "sent", batch_id: 7 })] },
    });
    renderApp("/wallet");
    expect(await screen.findByText("Payout of $25.00 sent in batch 7")).toBeVisible();
  });

  it("lists a long admin description with emoji and markup as text that wraps", async () => {
    const description = `${"🎉".repeat(3)} <b>html</b> ${"x".repeat(400)}`;
    stubWallet({
      wallet: () =>
        makeWallet({
          creator_balance: 30.004,
          creator_adjustments: 30.004,
          adjustments: [{ side: "creator", amount_usd: 30.004, description, created_at: "2026-11-28T10:00:00.000Z" }],
        }),
    });
    renderApp("/wallet");
    const list = await screen.findByRole("list", { name: "Adjustments by Reelpay" });
    const item = within(list).getByRole("listitem");
    expect(item.textContent).toContain(`${description} · $30.004 · Nov 28`);
    expect(item.querySelector("b")).toBeNull();
    expect(item.className).toContain("wrap-anywhere");
  });

  it("logs a failed load and shows zeros", async () => {
    const consoleError = expectConsoleError();
    stubWallet({ wallet: () => ({ status: 500 }) });
    renderApp("/wallet");
    expect(await screen.findByText("$25.00 more to reach the $25.00 minimum payout")).toBeVisible();
    expect(card("Viewer Earnings")).toContain("$0.00");
    expect(String(consoleError.mock.calls[0][0])).toBe(
      "Error: Failed to load wallet: API responded with HTTP status 500",
    );
  });

  it("refreshes every 60 s and when the earnings job credits something", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let viewer = 0.003;
    const fetchMock = stubWallet({ wallet: () => makeWallet({ viewer_balance: viewer }) });
    const walletCalls = () => fetchMock.mock.calls.filter(([url]) => url === "/api/me/wallet").length;
    const { queryClient } = renderApp("/wallet");
    await screen.findByRole("region", { name: "Total Balance" });
    const afterLoad = walletCalls();

    viewer = 0.006;
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(walletCalls()).toBe(afterLoad);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await vi.waitFor(() => expect(card("Viewer Earnings")).toContain("$0.006"));
    expect(walletCalls()).toBe(afterLoad + 1);

    viewer = 0.009;
    // What the home page's earnings poll does when a run credited views.
    await act(() => refreshAfterCredits(queryClient));
    await vi.waitFor(() => expect(card("Viewer Earnings")).toContain("$0.009"));
    expect(walletCalls()).toBe(afterLoad + 2);
  });
});

describe("payment history", () => {
  it("lists payments: date, amount with 2 decimals, method, reference, status and notes", async () => {
    stubWallet({
      payments: [
        makePayment({
          amount_usd: 25.5,
          payment_method: "PayPal",
          payment_reference: "PP-123",
          status: "completed",
          notes: "November payout",
          created_at: "2026-11-20T10:00:00.000Z",
        }),
        makePayment({ amount_usd: 30, payment_method: "Venmo" }),
      ],
    });
    renderApp("/wallet");
    fireEvent.click(await screen.findByRole("tab", { name: "Payment History" }));
    const rows = within(await screen.findByRole("table", { name: "Your payments" })).getAllByRole("row");
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent);
    expect(
      within(rows[0])
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Date", "Amount", "Method", "Reference", "Status", "Notes"]);
    expect(cells(rows[1])).toEqual(["Nov 20, 2026", "$25.50", "PayPal", "PP-123", "Completed", "November payout"]);
    expect(cells(rows[2])).toEqual(["Nov 1, 2026", "$30.00", "Venmo", "—", "Pending", "—"]);
  });

  it("isolates a reference, method and notes stored with bidi controls before they were refused (docs/decisions/108)", async () => {
    stubWallet({
      payments: [
        makePayment({
          payment_method: "PayPal\u2067",
          payment_reference: "PP-1\u202eevil",
          notes: "Paid \u202dtoday",
          status: "completed",
        }),
      ],
    });
    renderApp("/wallet");
    fireEvent.click(await screen.findByRole("tab", { name: "Payment History" }));
    const table = within(await screen.findByRole("table", { name: "Your payments" }));
    for (const text of ["PayPal\u2067", "PP-1\u202eevil", "Paid \u202dtoday"]) {
      expect(table.getByText(text).tagName, JSON.stringify(text)).toBe("BDI");
    }
  });

  it("shows a corrected payment struck through, as not paid, with the correction's reason", async () => {
    stubWallet({
      payments: [
        makePayment({
          amount_usd: 30,
          status: "completed",
          created_at: "2026-11-20T10:00:00.000Z",
          request_id: "01J0000000000000000000000A",
          reversal: { reason: "PayPal returned it", request_outcome: "closed", created_at: "2026-11-22T10:00:00.000Z" },
        }),
      ],
    });
    renderApp("/wallet");
    fireEvent.click(await screen.findByRole("tab", { name: "Payment History" }));
    const rows = within(await screen.findByRole("table", { name: "Your payments" })).getAllByRole("row");
    const cells = within(rows[1]).getAllByRole("cell");
    expect(cells[1].querySelector("s")?.textContent).toBe("$30.00");
    expect(cells[4].textContent).toBe("Corrected: PayPal returned it — not paidThe amount is available again.");
    expect(within(rows[1]).queryByText("Completed")).toBeNull();
  });

  it("says No payments yet when there are none", async () => {
    stubWallet();
    renderApp("/wallet");
    fireEvent.click(await screen.findByRole("tab", { name: "Payment History" }));
    expect(await screen.findByText("No payments yet")).toBeVisible();
    expect(screen.getByText("Payments will appear here once you reach the $25 minimum payout threshold")).toBeVisible();
    expect(
      screen.getByText("Then ask for one from the Overview tab; an admin sends it and records it here."),
    ).toBeVisible();
  });
});
