import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { formatDate } from "../../lib/format";
import type { PayoutRequestJson, PayoutRequestsResponse } from "../../../common/schemas/payout-requests";
import { useAuth } from "../../stores/auth";
import {
  earningRules,
  emptyReport,
  makePayoutRequest,
  makeWallet,
  noPayoutRequests,
} from "../../test/earnings-fixtures";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { ava } from "../../test/fixtures";
import { renderApp } from "../../test/render-route";

// The wallet's "Request payout" card (docs/decisions/036, 066), through the wallet page with the network stubbed.

type Destination = NonNullable<PayoutRequestsResponse["destination"]>;

const openRequest = makePayoutRequest();
const paypal: Destination = {
  payment_method: "PayPal",
  payout_address: "ava@example.com",
  changed_at: "2026-11-01T10:00:00.000Z",
  usable_from: "2026-11-01T10:00:00.000Z",
};

/** The card's "Paid to" line, whose address is its own (isolated) element: matched on the whole line. */
const paidTo = (line: string) => (_: string, el: Element | null) => el?.tagName === "P" && el.textContent === line;

function stub(list: () => PayoutRequestsResponse, extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    "GET /api/me/wallet": { body: makeWallet() },
    "GET /api/me/payments": { body: { payments: [] } },
    "GET /api/me/earnings/calendar": { body: emptyReport },
    "GET /api/earning-rules": { body: earningRules },
    "GET /api/me/payout-requests": () => ({ body: list() }),
    ...extra,
  });
}
const answer = (o: Partial<PayoutRequestsResponse>): PayoutRequestsResponse => ({ ...noPayoutRequests, ...o });
const region = () => screen.findByRole("region", { name: "Request payout" });
const textOf = async () => (await region()).textContent;
const HINT = "Watching items to the end and sharing your uploads raise your pace.";

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

describe("Request payout card: the pace toward the minimum", () => {
  it("below the minimum, says how long it takes at the last 7 days' pace", async () => {
    stub(() => answer({ available_balance: 4.5, pace_per_day: 1.5, days_to_minimum: 14, destination: paypal }));
    renderApp("/wallet");
    expect(await textOf()).toContain(
      "You can request a payout once $25.00 is available (you have $4.50). At your last 7 days' pace you reach $25.00 in about 14 days.",
    );
    expect(screen.queryByRole("button", { name: "Request payout" })).toBeNull();
  });

  it("up to a year, gives the day count", async () => {
    stub(() => answer({ available_balance: 0.003, pace_per_day: 0.02, days_to_minimum: 365 }));
    renderApp("/wallet");
    expect(await textOf()).toContain("At your last 7 days' pace you reach $25.00 in about 365 days.");
  });

  it("beyond a year, says so and what raises the pace, never a day count", async () => {
    stub(() => answer({ available_balance: 0.003, pace_per_day: 0.000429, days_to_minimum: 58_334 }));
    renderApp("/wallet");
    const text = await textOf();
    expect(text).toContain(`At your last 7 days' pace it would take more than a year to reach $25.00. ${HINT}`);
    expect(text).not.toMatch(/58,?334/);
  });

  it("when no view paid in 7 days, says so and what raises the pace", async () => {
    stub(() => answer({ available_balance: 0.003, days_to_minimum: null }));
    renderApp("/wallet");
    expect(await textOf()).toContain(`(you have $0.003). No views paid you in the last 7 days. ${HINT}`);
  });
});

describe("Request payout card: money already pending", () => {
  it("when pending releases reach the minimum, says so with the day on both cards, never a pace", async () => {
    // A $75.015 sign-on bonus on its hold: nothing available yet, and no views this week.
    const wallet = makeWallet({
      signon_bonus: 75.015,
      viewer_balance: 75.015,
      viewer_pending: 75.015,
      next_available_at: "2026-12-07T10:00:00.000Z",
    });
    stub(
      () =>
        answer({
          available_balance: 0,
          releasing_usd: 75.015,
          minimum_released: { day: "2026-12-07", amount_usd: 75.015, on_one_day: true },
          days_to_minimum: null,
          destination: paypal,
        }),
      { "GET /api/me/wallet": { body: wallet } },
    );
    renderApp("/wallet");
    const release = "$75.015 becomes available on Dec 7, 2026, enough to request a payout";
    const text = await textOf();
    expect(text).toContain(`(you have $0.00, and $75.015 pending). ${release}.`);
    expect(text).not.toContain("pace");
    const total = await screen.findByRole("region", { name: "Total Balance" });
    expect(total.textContent).toContain(release);
    expect(total.textContent).not.toContain("more to reach");
  });

  it("says 'by' the day when the minimum is released over several days", async () => {
    stub(() =>
      answer({
        available_balance: 5,
        releasing_usd: 30,
        minimum_released: { day: "2026-12-09", amount_usd: 30, on_one_day: false },
      }),
    );
    renderApp("/wallet");
    expect(await textOf()).toContain("$30.00 becomes available by Dec 9, 2026, enough to request a payout.");
  });

  it("when pending releases fall short, names them and gives the pace for the rest", async () => {
    stub(() => answer({ available_balance: 4.5, releasing_usd: 10, pace_per_day: 1.5, days_to_minimum: 7 }));
    renderApp("/wallet");
    expect(await textOf()).toContain(
      "(you have $4.50, and $10.00 pending). At your last 7 days' pace you reach $25.00 in about 7 days.",
    );
  });
});

describe("Request payout card: where payouts go", () => {
  it("asks where to pay first, checks the address, then requests only an amount", async () => {
    let destination: Destination | null = null;
    let requests: PayoutRequestJson[] = [];
    const fetchMock = stub(
      () => answer({ requests, destination, available_balance: requests.length ? 0.004 : 30.004 }),
      {
        "PUT /api/me/payout-destination": (init) => {
          destination = { ...paypal, ...(JSON.parse(String(init?.body)) as Partial<Destination>) };
          return { body: destination };
        },
        "POST /api/me/payout-requests": () => {
          requests = [{ ...openRequest, amount_usd: 30 }];
          return { status: 201, body: requests[0] };
        },
      },
    );
    renderApp("/wallet");
    const form = await screen.findByRole("form", { name: "Payout address" });
    expect(form.textContent).toContain("Your first payout address can be used at once.");
    // No request before there is somewhere to send it.
    expect(screen.queryByLabelText("Amount (USD)")).toBeNull();
    fireEvent.change(screen.getByLabelText("PayPal email"), { target: { value: "not an email" } });
    fireEvent.click(screen.getByRole("button", { name: "Save payout address" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Enter the email address of your PayPal account");
    expect(bodiesOf(fetchMock, "PUT /api/me/payout-destination")).toEqual([]);

    fireEvent.change(screen.getByLabelText("PayPal email"), { target: { value: " ava@example.com " } });
    fireEvent.click(screen.getByRole("button", { name: "Save payout address" }));
    expect(await screen.findByText(paidTo("Paid to: PayPal · ava@example.com"))).toBeVisible();
    expect(bodiesOf(fetchMock, "PUT /api/me/payout-destination")).toEqual([
      { payment_method: "PayPal", payout_address: "ava@example.com" },
    ]);
    // The first address is usable at once: no wait announced.
    expect(await textOf()).not.toContain("Usable from");

    // Whole cents of what is available: $30.004 offers $30.00.
    const amount = (await screen.findByLabelText("Amount (USD)")) as HTMLInputElement;
    expect(amount.value).toBe("30.00");
    fireEvent.change(amount, { target: { value: "10" } });
    fireEvent.click(screen.getByRole("button", { name: "Request payout" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Enter at least $25.00");
    fireEvent.change(amount, { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Request payout" }));
    expect(await screen.findByRole("button", { name: "Cancel request" })).toBeVisible();
    expect(bodiesOf(fetchMock, "POST /api/me/payout-requests")).toEqual([{ amount_usd: 30 }]);
    expect(await textOf()).toContain("for $30.00 by PayPal to ava@example.com");
  });

  it("answers an amount beyond what is available with what is available, whatever its size", async () => {
    const fetchMock = stub(() => answer({ available_balance: 30.004, destination: paypal }));
    renderApp("/wallet");
    const amount = await screen.findByLabelText("Amount (USD)");
    for (const value of ["1000000000", "1000001", "30.01"]) {
      fireEvent.change(amount, { target: { value } });
      fireEvent.click(screen.getByRole("button", { name: "Request payout" }));
      expect((await screen.findByRole("alert")).textContent).toBe("You have $30.004 available");
    }
    expect(bodiesOf(fetchMock, "POST /api/me/payout-requests")).toEqual([]);
  });

  it("offers whole cents only: $25.004 is refused before it is sent", async () => {
    const fetchMock = stub(() => answer({ available_balance: 30.004, destination: paypal }));
    renderApp("/wallet");
    fireEvent.change(await screen.findByLabelText("Amount (USD)"), { target: { value: "25.004" } });
    fireEvent.click(screen.getByRole("button", { name: "Request payout" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Use steps of 0.01 (at most 2 decimals)");
    expect(bodiesOf(fetchMock, "POST /api/me/payout-requests")).toEqual([]);
  });

  it("refuses an amount with a comma in words, never reading 25,50 as 2550", async () => {
    const fetchMock = stub(() => answer({ available_balance: 3000, destination: paypal }));
    renderApp("/wallet");
    const amount = (await screen.findByLabelText("Amount (USD)")) as HTMLInputElement;
    // A text field with the decimal keypad: what was typed stays as typed (a number field dropped the comma).
    expect(amount.type).toBe("text");
    expect(amount.inputMode).toBe("decimal");
    for (const value of ["25,50", "5,00", "2,550", "2,550.00"]) {
      fireEvent.change(amount, { target: { value } });
      expect(amount.value).toBe(value);
      fireEvent.click(screen.getByRole("button", { name: "Request payout" }));
      expect((await screen.findByRole("alert")).textContent).toBe("Use a point for cents and no commas, like 25.50");
    }
    for (const value of ["0x1A", "1e3", "25.5.0", "$25"]) {
      fireEvent.change(amount, { target: { value } });
      fireEvent.click(screen.getByRole("button", { name: "Request payout" }));
      expect((await screen.findByRole("alert")).textContent).toBe("Enter an amount in dollars");
    }
    expect(bodiesOf(fetchMock, "POST /api/me/payout-requests")).toEqual([]);
    fireEvent.change(amount, { target: { value: " 25.50 " } });
    fireEvent.click(screen.getByRole("button", { name: "Request payout" }));
    await waitFor(() => expect(bodiesOf(fetchMock, "POST /api/me/payout-requests")).toEqual([{ amount_usd: 25.5 }]));
  });

  it("after a refusal that means the server moved on (409), reads the wallet again", async () => {
    // Another tab asked first: this one still shows $60.00 available and the form until it reads again.
    let requests: PayoutRequestJson[] = [];
    let wallet = makeWallet({ viewer_balance: 60 });
    const fetchMock = stub(
      () => answer({ requests, available_balance: requests.length ? 35 : 60, destination: paypal }),
      {
        "GET /api/me/wallet": () => ({ body: wallet }),
        "POST /api/me/payout-requests": () => {
          requests = [{ ...openRequest, amount_usd: 25 }];
          wallet = makeWallet({ viewer_balance: 60, reserved_payout: 25, available_balance: 35 });
          return {
            status: 409,
            body: {
              error:
                "You already have a payout request on its way. Cancel it (while it is open) or wait until it is paid.",
              code: "open_request",
              requestId: "r",
            },
          };
        },
      },
    );
    const { queryClient } = renderApp("/wallet");
    fireEvent.change(await screen.findByLabelText("Amount (USD)"), { target: { value: "30" } });
    expect(await screen.findByText("✓ Eligible for payout")).toBeVisible();
    const walletReads = fetchMock.mock.calls.filter(([url]) => String(url).includes("/api/me/wallet")).length;
    fireEvent.click(screen.getByRole("button", { name: "Request payout" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "You already have a payout request on its way. Cancel it (while it is open) or wait until it is paid.",
    );
    // Read again: the request from the other tab, no form, and the total card no longer says "Eligible".
    expect(await screen.findByRole("button", { name: "Cancel request" })).toBeVisible();
    expect(screen.queryByLabelText("Amount (USD)")).toBeNull();
    expect(await screen.findByText("Payout of $25.00 requested")).toBeVisible();
    expect(screen.queryByText("✓ Eligible for payout")).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes("/api/me/wallet")).length).toBeGreaterThan(
      walletReads,
    );
    // The other tab's request is paid: the refusal spoke of it, and goes with it.
    requests = [{ ...openRequest, amount_usd: 25, status: "paid" }];
    await queryClient.invalidateQueries();
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(screen.queryByText(/You already have a payout request on its way/)).toBeNull();
  });

  it("shows the server's refusal of a request in words, without its field name", async () => {
    stub(() => answer({ available_balance: 30, destination: paypal }), {
      "POST /api/me/payout-requests": () => ({
        status: 409,
        body: { error: "amount_usd: You have $12.00 available", requestId: "r" },
      }),
    });
    renderApp("/wallet");
    await screen.findByLabelText("Amount (USD)");
    fireEvent.click(screen.getByRole("button", { name: "Request payout" }));
    expect((await screen.findByRole("alert")).textContent).toBe("You have $12.00 available");
  });

  it("shows the server's refusal of an address another member holds", async () => {
    stub(() => answer({ available_balance: 30 }), {
      "PUT /api/me/payout-destination": () => ({
        status: 409,
        body: { error: "This payout address belongs to another member", code: "address_taken", requestId: "r" },
      }),
    });
    renderApp("/wallet");
    await screen.findByRole("form", { name: "Payout address" });
    fireEvent.change(screen.getByLabelText("PayPal email"), { target: { value: "ben@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Save payout address" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This payout address belongs to another member");
  });

  it("warns before a change that new requests wait 7 days, then says from when the new address can be used", async () => {
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    let destination: Destination = paypal;
    const fetchMock = stub(() => answer({ available_balance: 30, destination }), {
      "PUT /api/me/payout-destination": (init) => {
        destination = {
          ...(JSON.parse(String(init?.body)) as Destination),
          changed_at: new Date().toISOString(),
          usable_from: inAWeek,
        };
        return { body: destination };
      },
    });
    renderApp("/wallet");
    expect(await screen.findByText(paidTo("Paid to: PayPal · ava@example.com"))).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Change" }));
    const form = await screen.findByRole("form", { name: "Payout address" });
    expect(form.textContent).toContain(
      "New payout requests will wait 7 days after you save a change. A changed payout address can be used 7 days after the change, to protect your earnings.",
    );
    // The same address however typed is no change.
    fireEvent.change(within(form).getByLabelText("PayPal email"), { target: { value: "AVA@example.com" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save payout address" }));
    expect((await screen.findByRole("alert")).textContent).toBe("That is already your payout address");

    fireEvent.change(within(form).getByLabelText("Payout method"), { target: { value: "Venmo" } });
    fireEvent.change(within(form).getByLabelText("Where to pay you"), { target: { value: "@ava-plays" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save payout address" }));
    expect(await screen.findByText(paidTo("Paid to: Venmo · @ava-plays"))).toBeVisible();
    expect(bodiesOf(fetchMock, "PUT /api/me/payout-destination")).toEqual([
      { payment_method: "Venmo", payout_address: "@ava-plays" },
    ]);
    const text = await textOf();
    expect(text).toContain(
      `Usable from ${new Date(inAWeek).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })}, `,
    );
    expect(text).toMatch(/Usable from [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC/);
    expect(text).toContain("A changed payout address can be used 7 days after the change, to protect your earnings.");
    // Until then, no request: the card says from when.
    expect(screen.queryByLabelText("Amount (USD)")).toBeNull();
    expect(text).toMatch(/You can request a payout from .+, when your new payout address can be used\./);
  });

  it("keeps the address when a change is cancelled", async () => {
    const fetchMock = stub(() => answer({ available_balance: 30, destination: paypal }));
    renderApp("/wallet");
    fireEvent.click(await screen.findByRole("button", { name: "Change" }));
    fireEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(await screen.findByText(paidTo("Paid to: PayPal · ava@example.com"))).toBeVisible();
    expect(bodiesOf(fetchMock, "PUT /api/me/payout-destination")).toEqual([]);
  });

  it("below the minimum without an address, offers to set one", async () => {
    stub(() => answer({ available_balance: 1 }));
    renderApp("/wallet");
    fireEvent.click(await screen.findByRole("button", { name: "Set payout address" }));
    expect(await screen.findByRole("form", { name: "Payout address" })).toBeVisible();
  });
});

describe("Request payout card: the request on its way and what became of it", () => {
  it("cancels the open request", async () => {
    let requests: PayoutRequestJson[] = [openRequest];
    const fetchMock = stub(
      () => answer({ requests, destination: paypal, available_balance: requests[0]!.status === "open" ? 5 : 30 }),
      {
        [`POST /api/me/payout-requests/${openRequest.id}/cancel`]: () => {
          requests = [{ ...openRequest, status: "cancelled" }];
          return { body: requests[0] };
        },
      },
    );
    renderApp("/wallet");
    fireEvent.click(await screen.findByRole("button", { name: "Cancel request" }));
    expect(await screen.findByRole("button", { name: "Request payout" })).toBeVisible();
    expect(bodiesOf(fetchMock, `POST /api/me/payout-requests/${openRequest.id}/cancel`)).toHaveLength(1);
  });

  it("a request sent in a batch is on its way and can no longer be cancelled", async () => {
    const sent = makePayoutRequest({ status: "sent", batch_id: 3, sent_at: "2026-11-28T09:00:00.000Z" });
    stub(() => answer({ requests: [sent], destination: paypal, available_balance: 0.004 }));
    renderApp("/wallet");
    expect(await textOf()).toContain(
      `Sent in batch 3 on ${formatDate("2026-11-28T09:00:00.000Z")} — on its way to ava@example.com; it can no longer be cancelled.`,
    );
    expect(screen.queryByRole("button", { name: "Cancel request" })).toBeNull();
    // The Total Balance card names the batch too.
    expect(screen.getByRole("region", { name: "Total Balance" }).textContent).toContain(
      "Payout of $25.00 sent in batch 3",
    );
  });

  it("says a returned payout's reason and that the amount is available again", async () => {
    const returned = makePayoutRequest({
      status: "returned",
      batch_id: 3,
      reason: "The PayPal account is not confirmed",
    });
    stub(() => answer({ requests: [returned], destination: paypal, available_balance: 25 }));
    renderApp("/wallet");
    expect(await textOf()).toContain(
      "Your payout of $25.00 was returned: The PayPal account is not confirmed. The amount is available again.",
    );
  });

  it("says a correction reopened the request, which is open again", async () => {
    const reopened = makePayoutRequest({
      correction: { reason: "Sent to a closed account", outcome: "reopened", created_at: "2026-11-22T12:00:00.000Z" },
    });
    stub(() => answer({ requests: [reopened], destination: paypal, available_balance: 0 }));
    renderApp("/wallet");
    expect(await textOf()).toContain("A correction reopened your payout request: Sent to a closed account");
    expect(screen.getByRole("button", { name: "Cancel request" })).toBeVisible();
  });

  it("says a correction closed the request and the amount is available again", async () => {
    const closed = makePayoutRequest({
      status: "returned",
      payment_id: "01J0000000000000000000P001",
      correction: { reason: "PayPal reversed the payment", outcome: "closed", created_at: "2026-11-22T12:00:00.000Z" },
    });
    stub(() => answer({ requests: [closed], destination: paypal, available_balance: 25 }));
    renderApp("/wallet");
    const text = await textOf();
    expect(text).toContain(
      "A correction closed your payout request: PayPal reversed the payment. The amount is available again.",
    );
    expect(text).not.toContain("was returned");
  });

  it("shows a rejection's reason", async () => {
    stub(() =>
      answer({
        requests: [{ ...openRequest, status: "rejected", reason: "PayPal account not found" }],
        destination: paypal,
        available_balance: 30,
      }),
    );
    renderApp("/wallet");
    expect(await textOf()).toContain("was not paid: PayPal account not found.");
  });
});
