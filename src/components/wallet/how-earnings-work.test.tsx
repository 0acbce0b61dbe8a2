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

/** The lines that state no rule of the server's: all the list shows until the rules arrive (docs/decisions/067). */
const fixedLines = [
  "Only one video or track earns at a time",
  "No earnings from your own uploads",
  "Payouts from$25.00",
  "Ask for a payout above; our team sends it and records it under Payment History",
];

/** Nothing that reads as a rule's number: no amount but the minimum payout, no share, no count of views or days. */
const expectNoRuleNumbers = (text: string) => {
  expect(text.replaceAll("$25.00", "")).not.toMatch(/\$|%|\d/);
};

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

describe("How Earnings Work", () => {
  it("states the rules with the numbers the server applies", async () => {
    // None of these is a default, so a copy of the rules in the SPA would show.
    const rules: EarningRulesJson = {
      reward_usd: 0.0045,
      qualify_percent: 65,
      views_per_item_per_day: 2,
      min_earning_seconds: 30,
      daily_earnable_views: 2500,
      earnings_hold_days: 14,
    };
    const fetchMock = openWallet({ body: rules });
    await waitFor(async () => expect(await rulesShown()).toContain("Items shorter than 30 seconds do not earn"));
    expect(await rulesShown()).toEqual([
      "Watch at least 65% of a video or track$0.0045",
      "Others watch at least 65% of your content$0.0045",
      "At most 2 paid views per item per day",
      "At most 2,500 paid views per day",
      "Items shorter than 30 seconds do not earn",
      "Only one video or track earns at a time",
      "No earnings from your own uploads",
      "New view rewards and sign-up bonuses stay pending for 14 days before you can be paid them",
      "Payouts from$25.00",
      "Ask for a payout above; our team sends it and records it under Payment History",
    ]);
    const region = screen.getByRole("region", { name: "How Earnings Work" });
    expect(region.getAttribute("aria-busy")).toBe("false");
    expect(within(region).queryByRole("status")).toBeNull();
    // Once per page, however often the wallet itself refreshes (StrictMode mounts twice, so at most two).
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/earning-rules").length).toBeLessThanOrEqual(2);
  });

  it("states the server's defaults in the words of the product spec", async () => {
    openWallet({ body: earningRules });
    await waitFor(async () => expect(await rulesShown()).toHaveLength(10));
    expect((await rulesShown()).slice(0, 2)).toEqual([
      "Watch at least 80% of a video or track$0.003",
      "Others watch at least 80% of your content$0.003",
    ]);
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

  it("holds a placeholder for each rule while the rules load, with no number in it, then the server's", async () => {
    const answer = deferred<Reply>();
    openWallet(() => answer.promise);
    const region = await screen.findByRole("region", { name: "How Earnings Work" });
    expect(await rulesShown()).toEqual(fixedLines);
    expectNoRuleNumbers(region.textContent ?? "");
    expect(region.getAttribute("aria-busy")).toBe("true");
    expect(within(region).getByRole("status").textContent).toBe("Loading the earning rules…");
    // As many lines as once loaded, so the list keeps its height: six placeholders, hidden from assistive tech.
    const rows = region.querySelectorAll("li");
    expect(rows).toHaveLength(10);
    expect([...rows].filter((row) => row.getAttribute("aria-hidden") === "true")).toHaveLength(6);

    answer.resolve({ body: { ...earningRules, reward_usd: 0.004, daily_earnable_views: 40 } });
    await waitFor(async () => expect(await rulesShown()).toContain("At most 40 paid views per day"));
    expect(await rulesShown()).toContain("Watch at least 80% of a video or track$0.004");
    expect(region.querySelectorAll("li")).toHaveLength(10);
    expect(within(region).queryByRole("status")).toBeNull();
  });

  it("states no rule when the rules cannot load, and logs why", async () => {
    const consoleError = expectConsoleError();
    openWallet({ status: 503 });
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(String(consoleError.mock.calls[0][0])).toBe(
      "Error: Failed to load earning rules: API responded with HTTP status 503",
    );
    expect(await rulesShown()).toEqual(fixedLines);
    expectNoRuleNumbers(screen.getByRole("region", { name: "How Earnings Work" }).textContent ?? "");
  });
});
