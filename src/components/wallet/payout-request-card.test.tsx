import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { PayoutRequestJson, PayoutRequestsResponse } from "../../lib/types";
import { useAuth } from "../../stores/auth";
import { earningRules, emptyReport, makeWallet } from "../../test/earnings-fixtures";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { ava } from "../../test/fixtures";
import { renderApp } from "../../test/render-route";

// The wallet's "Request payout" card (docs/decisions/036), through the wallet page with the network stubbed.

const openRequest: PayoutRequestJson = {
  id: "01J0000000000000000000000A", user_id: ava.id, amount_usd: 25, payment_method: "PayPal", payout_address: "ava@example.com",
  status: "open", created_at: "2026-11-20T10:00:00.000Z", decided_at: null, reason: null, payment_id: null,
};

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
const answer = (o: Partial<PayoutRequestsResponse>): PayoutRequestsResponse => ({
  requests: [], minimum_payout: 25, available_balance: 0, pace_per_day: 0, days_to_minimum: null, ...o,
});
const region = () => screen.findByRole("region", { name: "Request payout" });

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

describe("Request payout card", () => {
  it("below the minimum, says how long it takes at the last 7 days' pace", async () => {
    stub(() => answer({ available_balance: 4.5, pace_per_day: 1.5, days_to_minimum: 14 }));
    renderApp("/wallet");
    expect((await region()).textContent).toContain(
      "You can request a payout once $25.00 is available (you have $4.50). At your last 7 days' pace you reach $25.00 in about 14 days.",
    );
    expect(screen.queryByRole("button", { name: "Request payout" })).toBeNull();
  });

  it("says nothing of a pace when nothing came in for 7 days", async () => {
    stub(() => answer({ available_balance: 0.003 }));
    renderApp("/wallet");
    const text = (await region()).textContent;
    expect(text).toContain("(you have $0.003)");
    expect(text).not.toContain("pace");
  });

  it("checks the PayPal email and sends the request with the amount available", async () => {
    let requests: PayoutRequestJson[] = [];
    const fetchMock = stub(() => answer({ requests, available_balance: requests.length ? 5 : 30 }), {
      "POST /api/me/payout-requests": () => {
        requests = [openRequest];
        return { status: 201, body: openRequest };
      },
    });
    renderApp("/wallet");
    await region();
    expect((screen.getByLabelText("Amount (USD)") as HTMLInputElement).value).toBe("30.00");
    fireEvent.change(screen.getByLabelText("PayPal email"), { target: { value: "not an email" } });
    fireEvent.click(screen.getByRole("button", { name: "Request payout" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Enter the email address of your PayPal account");
    fireEvent.change(screen.getByLabelText("Amount (USD)"), { target: { value: "10" } });
    fireEvent.change(screen.getByLabelText("PayPal email"), { target: { value: "ava@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Request payout" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Enter at least $25.00");
    fireEvent.change(screen.getByLabelText("Amount (USD)"), { target: { value: "25" } });
    fireEvent.click(screen.getByRole("button", { name: "Request payout" }));
    expect(await screen.findByRole("button", { name: "Cancel request" })).toBeVisible();
    expect(bodiesOf(fetchMock, "POST /api/me/payout-requests")).toEqual([{ amount_usd: 25, payment_method: "PayPal", payout_address: "ava@example.com" }]);
    expect((await region()).textContent).toContain("for $25.00 by PayPal to ava@example.com");
  });

  it("offers whole cents only: $30.004 available offers $30.00, and $25.004 is refused before it is sent", async () => {
    const fetchMock = stub(() => answer({ available_balance: 30.004 }));
    renderApp("/wallet");
    await region();
    expect((screen.getByLabelText("Amount (USD)") as HTMLInputElement).value).toBe("30.00");
    fireEvent.change(screen.getByLabelText("PayPal email"), { target: { value: "ava@example.com" } });
    fireEvent.change(screen.getByLabelText("Amount (USD)"), { target: { value: "25.004" } });
    fireEvent.click(screen.getByRole("button", { name: "Request payout" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Use steps of 0.01 (at most 2 decimals)");
    expect(bodiesOf(fetchMock, "POST /api/me/payout-requests")).toEqual([]);
  });

  it("shows the server's refusal in words, without its field name", async () => {
    stub(() => answer({ available_balance: 30 }), {
      "POST /api/me/payout-requests": () => ({ status: 409, body: { error: "amount_usd: amount_usd is more than you have available", requestId: "r" } }),
    });
    renderApp("/wallet");
    await region();
    fireEvent.change(screen.getByLabelText("PayPal email"), { target: { value: "ava@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Request payout" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Amount is more than you have available");
  });

  it("cancels the open request", async () => {
    let requests: PayoutRequestJson[] = [openRequest];
    const fetchMock = stub(() => answer({ requests, available_balance: requests[0]!.status === "open" ? 5 : 30 }), {
      [`POST /api/me/payout-requests/${openRequest.id}/cancel`]: () => {
        requests = [{ ...openRequest, status: "cancelled" }];
        return { body: requests[0] };
      },
    });
    renderApp("/wallet");
    fireEvent.click(await screen.findByRole("button", { name: "Cancel request" }));
    expect(await screen.findByRole("button", { name: "Request payout" })).toBeVisible();
    expect(bodiesOf(fetchMock, `POST /api/me/payout-requests/${openRequest.id}/cancel`)).toHaveLength(1);
  });

  it("shows a rejection's reason", async () => {
    stub(() => answer({ requests: [{ ...openRequest, status: "rejected", reason: "PayPal account not found" }], available_balance: 30 }));
    renderApp("/wallet");
    expect((await region()).textContent).toContain("was not paid: PayPal account not found.");
  });
});
