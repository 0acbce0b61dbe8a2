import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { EarningRulesJson } from "../../../common/schemas/earning-rules";
import { useAuth } from "../../stores/auth";
import { expectConsoleError } from "../../test/console";
import { earningRules, emptyReport, makeWallet, noPayoutRequests } from "../../test/earnings-fixtures";
import { deferred, stubFetch } from "../../test/fetch";
import { ava } from "../../test/fixtures";
import { renderApp } from "../../test/render-route";

type Reply = { status?: number; body?: unknown };

/** The wallet page with `rules` as the answer to GET /api/earning-rules. */
function openWallet(rules: Reply | (() => Promise<Reply>)) {
  const fetchMock = stubFetch({
    "GET /api/me/wallet": { body: makeWallet({ minimum_payout: 25 }) },
    "GET /api/me/payments": { body: { payments: [] } },
    "GET /api/me/payout-requests": { body: noPayoutRequests },
    "GET /api/me/earnings/calendar": { body: emptyReport },
    "GET /api/earning-rules": rules,
  });
  renderApp("/wallet");
  return fetchMock;
}

const rulesShown = async () =>
  within(await screen.findByRole("region", { name: "How Earnings Work" }))
    .getAllByRole("listitem")
    .map((rule) => rule.textContent);

const defaults = [
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
];

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

describe("How Earnings Work", () => {
  it("states the rules with the numbers the server applies", async () => {
    const rules: EarningRulesJson = {
      ...earningRules,
      min_earning_seconds: 30,
      daily_earnable_views: 2500,
      earnings_hold_days: 14,
    };
    const fetchMock = openWallet({ body: rules });
    await waitFor(async () => expect(await rulesShown()).toContain("Items shorter than 30 seconds do not earn"));
    expect(await rulesShown()).toEqual([
      "Watch at least 80% of a video or track$0.003",
      "Others watch at least 80% of your content$0.003",
      "At most 3 paid views per item per day",
      "At most 2,500 paid views per day",
      "Items shorter than 30 seconds do not earn",
      "Only one video or track earns at a time",
      "No earnings from your own uploads",
      "New view rewards and sign-up bonuses stay pending for 14 days before you can be paid them",
      "Payouts from$25.00",
      "Ask for a payout above; our team sends it and records it under Payment History",
    ]);
    // Once per page, however often the wallet itself refreshes (StrictMode mounts twice, so at most two).
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/earning-rules").length).toBeLessThanOrEqual(2);
  });

  it("words a limit of one in the singular", async () => {
    openWallet({ body: { ...earningRules, min_earning_seconds: 1, daily_earnable_views: 1, earnings_hold_days: 1 } });
    await waitFor(async () => expect(await rulesShown()).toContain("Items shorter than 1 second do not earn"));
    expect(await rulesShown()).toContain("At most 1 paid view per day");
    expect(await rulesShown()).toContain(
      "New view rewards and sign-up bonuses stay pending for 1 day before you can be paid them",
    );
  });

  it("says new rewards are available at once when there is no holding period", async () => {
    openWallet({ body: { ...earningRules, earnings_hold_days: 0 } });
    await waitFor(async () =>
      expect(await rulesShown()).toContain("New view rewards and sign-up bonuses are available at once"),
    );
    expect((await rulesShown()).filter((rule) => rule.includes("pending"))).toEqual([]);
  });

  it("shows the defaults while the rules load", async () => {
    const answer = deferred<Reply>();
    openWallet(() => answer.promise);
    expect(await rulesShown()).toEqual(defaults);
    answer.resolve({ body: { ...earningRules, daily_earnable_views: 40 } });
    await waitFor(async () => expect(await rulesShown()).toContain("At most 40 paid views per day"));
  });

  it("keeps the defaults when the rules cannot load, and logs why", async () => {
    const consoleError = expectConsoleError();
    openWallet({ status: 503 });
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(String(consoleError.mock.calls[0][0])).toBe(
      "Error: Failed to load earning rules: API responded with HTTP status 503",
    );
    expect(await rulesShown()).toEqual(defaults);
  });
});
