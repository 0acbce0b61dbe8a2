import { cleanup, render, within } from "@testing-library/react";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { WalletJson } from "../../lib/types";
import { earningRules } from "../../test/earnings-fixtures";
import { WalletOverview } from "./wallet-overview";

// Each wallet card's lines add up to its total *as displayed* (issue 23, docs/decisions/032), whatever the
// ledger: view rewards, manual earnings, bonuses, payments (pending or completed), reversals of rewards and
// of bonuses. The wallet JSON is built from the ledger as worker/routes/serializers/wallet.ts builds it
// (payments drawn from the viewer side first, then the creator side); the test reads only rendered text.

const MICROS = 1_000_000;
const VIEW = 3_000; // a view pays $0.003
const CENT = 10_000;

type Ledger = {
  viewerViews: number;
  creatorViews: number;
  manualEarnings: number[]; // steps of $0.001, as the admin form allows
  bonuses: number[]; // steps of $0.01
  payments: { micros: number; pending: boolean }[]; // steps of $0.01
  viewerReversedViews: number;
  bonusReversed: boolean; // the first bonus is a sign-on bonus a review took back
  creatorReversedViews: number;
  viewerHeldViews: number;
  creatorHeldViews: number;
};

const ledgers = fc
  .record({
    viewerViews: fc.nat({ max: 5_000 }),
    creatorViews: fc.nat({ max: 5_000 }),
    manualEarnings: fc.array(fc.nat({ max: 50_000 }).map((n) => n * 1_000), { maxLength: 3 }),
    bonuses: fc.array(fc.nat({ max: 10_000 }).map((n) => n * CENT), { maxLength: 3 }),
    payments: fc.array(fc.record({ micros: fc.integer({ min: 1, max: 5_000 }).map((n) => n * CENT), pending: fc.boolean() }), { maxLength: 4 }),
    viewerReversedFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    bonusReversed: fc.boolean(),
    creatorReversedFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    viewerHeldFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    creatorHeldFraction: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map((r): Ledger => {
    const viewerReversedViews = Math.floor(r.viewerViews * r.viewerReversedFraction);
    const creatorReversedViews = Math.floor(r.creatorViews * r.creatorReversedFraction);
    return {
      ...r,
      viewerReversedViews,
      creatorReversedViews,
      bonusReversed: r.bonusReversed && r.bonuses.length > 0,
      viewerHeldViews: Math.floor((r.viewerViews - viewerReversedViews) * r.viewerHeldFraction),
      creatorHeldViews: Math.floor((r.creatorViews - creatorReversedViews) * r.creatorHeldFraction),
    };
  });

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const usd = (micros: number) => micros / MICROS;

/** The wallet answer for a ledger, by the server's rules (worker/domain/wallet/balances.ts). */
function walletOf(l: Ledger): WalletJson {
  const viewerRewards = l.viewerViews * VIEW;
  const creatorEarnings = l.creatorViews * VIEW + sum(l.manualEarnings);
  const bonuses = sum(l.bonuses);
  const viewerReversed = l.viewerReversedViews * VIEW + (l.bonusReversed ? l.bonuses[0] : 0);
  const creatorReversed = l.creatorReversedViews * VIEW;
  const payments = sum(l.payments.map((p) => p.micros));
  const pendingPayments = sum(l.payments.filter((p) => p.pending).map((p) => p.micros));
  const viewerGross = viewerRewards + bonuses - viewerReversed;
  const creatorGross = creatorEarnings - creatorReversed;
  const fromViewer = Math.min(payments, Math.max(viewerGross, 0));
  const fromCreator = payments - fromViewer;
  const viewerPending = l.viewerHeldViews * VIEW;
  const creatorPending = l.creatorHeldViews * VIEW;
  return {
    viewer_balance: usd(viewerGross - fromViewer),
    creator_balance: usd(creatorGross - fromCreator),
    viewer_earnings: usd(viewerRewards),
    creator_earnings: usd(creatorEarnings),
    bonuses: usd(bonuses),
    viewer_payouts: usd(fromViewer),
    creator_payouts: usd(fromCreator),
    paid_out: usd(payments - pendingPayments),
    pending_payouts: usd(pendingPayments),
    minimum_payout: 25,
    available_balance: usd(viewerGross + creatorGross - payments - viewerPending - creatorPending),
    reserved_payout: 0,
    pending_balance: usd(viewerPending + creatorPending),
    viewer_pending: usd(viewerPending),
    creator_pending: usd(creatorPending),
    viewer_reversed: usd(viewerReversed),
    creator_reversed: usd(creatorReversed),
    next_available_at: null,
  };
}

/**
 * A displayed amount back to micro-dollars, refusing anything but the one format: "$25.00", "−$0.003",
 * "$1,234.567"; two decimals only for whole cents.
 */
function parseShown(text: string): number {
  const match = /^(−?)\$(\d{1,3}(?:,\d{3})*)\.(\d{2,6})$/.exec(text);
  if (!match) throw new Error(`not a USD figure: ${JSON.stringify(text)}`);
  const [, minus, whole, decimals] = match;
  // More than two decimals only when they are needed: "$0.020" would be whole cents written long.
  if (decimals.length > 2 && decimals.endsWith("0")) throw new Error(`needless trailing zero in ${text}`);
  const micros = Number(whole.replace(/,/g, "")) * MICROS + Number(decimals.padEnd(6, "0"));
  return minus ? -micros : micros;
}

/** A card as displayed: its total, the lines it is made of, and the split below the rule. */
function readCard(container: HTMLElement, name: string) {
  const region = within(container).getByRole("region", { name });
  const total = parseShown(region.querySelector("p")!.textContent!);
  const [details, split] = [...region.querySelectorAll("dl")].map((dl) =>
    [...dl.querySelectorAll("dd")].map((dd) => [dd.previousElementSibling!.textContent!, dd.textContent!] as const),
  );
  return { total, details, split: split ?? [] };
}

const addUp = (lines: readonly (readonly [string, string])[]) => sum(lines.map(([, value]) => parseShown(value)));

afterEach(cleanup);

describe("wallet cards over random ledgers", () => {
  it("show lines that add up to each card's total as displayed, every figure exact", () => {
    fc.assert(
      fc.property(ledgers, (ledger) => {
        const wallet = walletOf(ledger);
        const { container } = render(<WalletOverview wallet={wallet} rules={earningRules} />);
        try {
          const viewer = readCard(container, "Viewer Earnings");
          const creator = readCard(container, "Creator Earnings");
          const total = readCard(container, "Total Balance");
          // Nothing hidden: the displayed totals are the balances to the micro-dollar.
          expect(viewer.total).toBe(Math.round(wallet.viewer_balance * MICROS));
          expect(creator.total).toBe(Math.round(wallet.creator_balance * MICROS));
          expect(total.total).toBe(viewer.total + creator.total);
          // The lines above the rule add up to the total on each card.
          expect(addUp(viewer.details)).toBe(viewer.total);
          expect(addUp(creator.details)).toBe(creator.total);
          expect(addUp(total.details)).toBe(total.total);
          // Below the rule of the total card: available and pending are the total, split.
          expect(addUp(total.split)).toBe(total.total);
        } finally {
          cleanup();
        }
      }),
      { numRuns: 150 },
    );
  });

  it("adds up on the issue's own ledger: $0.021 watched, a $30 manual earning, a $5.50 bonus, $25 paid", () => {
    const wallet = walletOf({
      viewerViews: 7, creatorViews: 0, manualEarnings: [30 * MICROS], bonuses: [5.5 * MICROS],
      payments: [{ micros: 25 * MICROS, pending: false }],
      viewerReversedViews: 0, bonusReversed: false, creatorReversedViews: 0, viewerHeldViews: 0, creatorHeldViews: 0,
    });
    const { container } = render(<WalletOverview wallet={wallet} rules={earningRules} />);
    const viewer = readCard(container, "Viewer Earnings");
    expect(viewer.details).toEqual([["Earned watching", "$0.021"], ["Bonuses", "$5.50"], ["Payouts", "−$5.521"]]);
    expect(within(container).getByRole("region", { name: "Viewer Earnings" }).querySelector("p")!.textContent).toBe("$0.00");
    const creator = readCard(container, "Creator Earnings");
    expect(creator.details).toEqual([["Earned from your content", "$30.00"], ["Payouts", "−$19.479"]]);
    expect(creator.total).toBe(10_521_000);
  });
});
