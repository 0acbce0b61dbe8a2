import { cleanup, render, within } from "@testing-library/react";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { PayoutRequestJson } from "../../../common/schemas/payout-requests";
import type { WalletJson } from "../../../common/schemas/wallet";
import { earningRules, makePayoutRequest } from "../../test/earnings-fixtures";
import { WalletOverview } from "./wallet-overview";

// Each wallet card's lines add up to its amount *as displayed* (docs/decisions/032, 066), and so
// do the card's split lines (available + pending), whatever happened to the member: view rewards (held, then
// released), a sign-on bonus, admin credits with their descriptions, reversals of each cause, payout requests
// (open, sent in a batch, cancelled, returned), payments (pending or completed, by request or by an admin) and
// corrections of payments (the amount given back, the request reopened or closed). And no card shows a payout
// drawn from held money.
//
// The member's history is played step by step over integer micro-dollars, with the server's rules: a payout
// draws only available money, the viewer side's first and the rest from the creator side's, fixed when it is
// made (worker/db/queries/wallet/balance-parts.ts viewerPartSql). The wallet JSON is then built from the record sums
// as worker/domain/wallet/balances.ts balancesOf and worker/routes/serializers/wallet.ts walletJson build it.
// The test reads only rendered text.

const MICROS = 1_000_000;
const VIEW = 3_000; // a view pays $0.003
const CENT = 10_000;
const MINIMUM = 25 * MICROS;

type SideName = "viewer" | "creator";
type Cause = "review" | "takedown" | "suspension";
type Request = {
  id: number;
  micros: number;
  viewer: number;
  status: PayoutRequestJson["status"];
  batch: number | null;
};
type Payment = { micros: number; viewer: number; pending: boolean; request: number | null; reversed: boolean };
type SideState = { rewards: number; held: number; reversed: Record<Cause, number> };

/** The member's records, as sums and lists in micro-dollars. */
type Ledger = {
  viewer: SideState;
  creator: SideState;
  signon: number;
  manualBonuses: number;
  manualEarnings: number;
  adjustments: { side: SideName; micros: number; description: string; at: number }[];
  requests: Request[];
  payments: Payment[];
  batches: number;
};

type Step =
  | { kind: "views"; side: SideName; count: number; held: boolean }
  | { kind: "signon"; micros: number; held: boolean }
  | { kind: "credit"; side: SideName; micros: number; description: string }
  | { kind: "release"; side: SideName; share: number }
  | { kind: "reverse"; side: SideName; cause: Cause; share: number }
  | { kind: "request"; share: number }
  | { kind: "cancel" }
  | { kind: "send" }
  | { kind: "pay" }
  | { kind: "return" }
  | { kind: "adminPayment"; share: number; pending: boolean }
  | { kind: "complete" }
  | { kind: "correct"; reopen: boolean };

/** What the admin may type as a description: long, unbroken, emoji, markup. */
const descriptions = fc.oneof(
  fc.constantFrom("Contest prize", "🎉 Thanks for the bug report! 🐞", "<b>html</b> & <i>more</i>", "x".repeat(300)),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 120 }),
);
const sides = fc.constantFrom<SideName>("viewer", "creator");
/** A share from 0 to 1 in hundredths (fc.double crowds near 0: its floats are spread evenly by representation). */
const share = fc.noBias(fc.integer({ min: 0, max: 100 })).map((n) => n / 100);

// Amounts without fast-check's bias toward small values, so that histories often reach the $25.00 minimum.
const count = fc.noBias(fc.integer({ min: 1, max: 6_000 }));
const steps: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("views" as const), side: sides, count, held: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("signon" as const),
      micros: fc.noBias(fc.integer({ min: 1, max: 1_000 })).map((n) => n * CENT),
      held: fc.boolean(),
    }),
  },
  // Manual earnings in steps of $0.001 and manual bonuses in cents, as the admin forms allow.
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("credit" as const),
      side: sides,
      micros: fc.noBias(fc.integer({ min: 1, max: 40_000 })).map((n) => n * 1_000),
      description: descriptions,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("release" as const), side: sides, share }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("reverse" as const),
      side: sides,
      cause: fc.constantFrom<Cause>("review", "takedown", "suspension"),
      share,
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("request" as const), share }) },
  { weight: 1, arbitrary: fc.constant({ kind: "cancel" as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: "send" as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: "pay" as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: "return" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("adminPayment" as const), share, pending: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: "complete" as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("correct" as const), reopen: fc.boolean() }) },
);

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const usd = (micros: number) => micros / MICROS;
const noCauses = (): Record<Cause, number> => ({ review: 0, takedown: 0, suspension: 0 });
const emptyLedger = (): Ledger => ({
  viewer: { rewards: 0, held: 0, reversed: noCauses() },
  creator: { rewards: 0, held: 0, reversed: noCauses() },
  signon: 0,
  manualBonuses: 0,
  manualEarnings: 0,
  adjustments: [],
  requests: [],
  payments: [],
  batches: 0,
});

const inFlight = (l: Ledger) => l.requests.find((r) => r.status === "open" || r.status === "sent");
const live = (l: Ledger) => l.payments.filter((p) => !p.reversed);
const reversedOf = (s: SideState) => sum(Object.values(s.reversed));
/** A side's credits less reversals (the sign-on bonus and manual bonuses are viewer-side, manual earnings creator-side). */
const grossOf = (l: Ledger, side: SideName) =>
  side === "viewer"
    ? l.viewer.rewards + l.signon + l.manualBonuses - reversedOf(l.viewer)
    : l.creator.rewards + l.manualEarnings - reversedOf(l.creator);
/** Paid (net of corrections) and reserved by the request in flight. */
const drawn = (l: Ledger) => sum(live(l).map((p) => p.micros)) + (inFlight(l)?.micros ?? 0);
const viewerDrawn = (l: Ledger) => sum(live(l).map((p) => p.viewer)) + (inFlight(l)?.viewer ?? 0);
const viewerAvailable = (l: Ledger) => grossOf(l, "viewer") - l.viewer.held - viewerDrawn(l);
const creatorAvailable = (l: Ledger) => grossOf(l, "creator") - l.creator.held - (drawn(l) - viewerDrawn(l));
const available = (l: Ledger) => viewerAvailable(l) + creatorAvailable(l);
/** Whole cents between the minimum (or $0.01) and what is available, `share` of the way. */
const amountFor = (l: Ledger, least: number, s: number) => {
  const most = Math.floor(available(l) / CENT) * CENT;
  return most < least ? null : least + Math.floor(((most - least) / CENT) * s) * CENT;
};
/** The viewer part of a new payout: the viewer side's available money first (viewerPartSql). */
const viewerPart = (l: Ledger, micros: number) => Math.max(0, Math.min(micros, viewerAvailable(l)));

/** One step of the member's history, as the server would allow it (a step it would refuse changes nothing). */
function play(l: Ledger, step: Step, at: number): void {
  const request = inFlight(l);
  switch (step.kind) {
    case "views":
      l[step.side].rewards += step.count * VIEW;
      if (step.held) l[step.side].held += step.count * VIEW;
      return;
    case "signon":
      l.signon += step.micros;
      if (step.held) l.viewer.held += step.micros;
      return;
    case "credit":
      if (step.side === "viewer") l.manualBonuses += step.micros;
      else l.manualEarnings += step.micros;
      l.adjustments.unshift({ side: step.side, micros: step.micros, description: step.description, at });
      return;
    case "release":
      l[step.side].held -= Math.floor(l[step.side].held * step.share);
      return;
    case "reverse": {
      // Reviews, takedowns and suspensions take back held earnings.
      const taken = Math.floor(l[step.side].held * step.share);
      l[step.side].held -= taken;
      l[step.side].reversed[step.cause] += taken;
      return;
    }
    case "request": {
      const micros = request ? null : amountFor(l, MINIMUM, step.share);
      if (micros !== null)
        l.requests.unshift({
          id: l.requests.length + 1,
          micros,
          viewer: viewerPart(l, micros),
          status: "open",
          batch: null,
        });
      return;
    }
    case "cancel":
      if (request?.status === "open") request.status = "cancelled";
      return;
    case "send":
      if (request?.status === "open") {
        request.status = "sent";
        request.batch = l.batches += 1;
      }
      return;
    case "pay":
      // Its payment takes the request's place with the same viewer part.
      if (request) {
        request.status = "paid";
        l.payments.unshift({
          micros: request.micros,
          viewer: request.viewer,
          pending: false,
          request: request.id,
          reversed: false,
        });
      }
      return;
    case "return":
      if (request?.status === "sent") request.status = "returned";
      return;
    case "adminPayment": {
      const micros = amountFor(l, CENT, step.share);
      if (micros !== null)
        l.payments.unshift({
          micros,
          viewer: viewerPart(l, micros),
          pending: step.pending,
          request: null,
          reversed: false,
        });
      return;
    }
    case "complete": {
      const pending = l.payments.find((p) => p.pending && !p.reversed);
      if (pending) pending.pending = false;
      return;
    }
    case "correct": {
      // The newest completed payment did not reach the member: its whole amount comes back.
      const payment = l.payments.find((p) => !p.pending && !p.reversed);
      if (!payment) return;
      const settled = l.requests.find((r) => r.id === payment.request);
      // Reopening puts the request back in flight; only one may be.
      if (settled && step.reopen && request) return;
      payment.reversed = true;
      if (settled) settled.status = step.reopen ? "open" : "returned";
      return;
    }
  }
}

/** The wallet answer for a ledger: worker/domain/wallet/balances.ts and worker/routes/serializers/wallet.ts. */
function walletOf(l: Ledger): WalletJson {
  const payments = sum(live(l).map((p) => p.micros));
  const pendingPayments = sum(
    live(l)
      .filter((p) => p.pending)
      .map((p) => p.micros),
  );
  const reserved = inFlight(l)?.micros ?? 0;
  const fromViewer = viewerDrawn(l);
  const fromCreator = payments + reserved - fromViewer;
  const viewerBalance = grossOf(l, "viewer") - fromViewer;
  const creatorBalance = grossOf(l, "creator") - fromCreator;
  const byCause = (s: SideState) => ({
    review: usd(s.reversed.review),
    takedown: usd(s.reversed.takedown),
    suspension: usd(s.reversed.suspension),
  });
  return {
    viewer_balance: usd(viewerBalance),
    creator_balance: usd(creatorBalance),
    viewer_earnings: usd(l.viewer.rewards),
    creator_earnings: usd(l.creator.rewards),
    bonuses: usd(l.signon + l.manualBonuses),
    signon_bonus: usd(l.signon),
    viewer_adjustments: usd(l.manualBonuses),
    creator_adjustments: usd(l.manualEarnings),
    adjustments: l.adjustments.slice(0, 20).map((a) => ({
      side: a.side,
      amount_usd: usd(a.micros),
      description: a.description,
      created_at: new Date(Date.UTC(2026, 10, 1) + a.at * 3_600_000).toISOString(),
    })),
    viewer_payouts: usd(fromViewer),
    creator_payouts: usd(fromCreator),
    paid_out: usd(payments - pendingPayments),
    payout_in_flight: usd(pendingPayments + reserved),
    pending_payouts: usd(pendingPayments),
    reserved_payout: usd(reserved),
    minimum_payout: usd(MINIMUM),
    available_balance: usd(viewerBalance - l.viewer.held + creatorBalance - l.creator.held),
    pending_balance: usd(l.viewer.held + l.creator.held),
    viewer_available: usd(viewerBalance - l.viewer.held),
    creator_available: usd(creatorBalance - l.creator.held),
    viewer_pending: usd(l.viewer.held),
    creator_pending: usd(l.creator.held),
    viewer_reversed: usd(reversedOf(l.viewer)),
    creator_reversed: usd(reversedOf(l.creator)),
    viewer_reversed_by: byCause(l.viewer),
    creator_reversed_by: byCause(l.creator),
    viewer_given_back: 0,
    creator_given_back: 0,
    next_available_at: l.viewer.held + l.creator.held > 0 ? "2026-11-28T12:00:00.000Z" : null,
  };
}

/** The request on its way as GET /api/me/payout-requests lists it. */
const requestJsonOf = (l: Ledger): PayoutRequestJson | undefined => {
  const r = inFlight(l);
  return (
    r &&
    makePayoutRequest({
      id: `01J00000000000000000000${String(r.id).padStart(3, "0")}`,
      amount_usd: usd(r.micros),
      status: r.status,
      batch_id: r.batch,
    })
  );
};

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

type Lines = (readonly [label: string, value: string])[];

/** A card as displayed: its amount, the lines it is made of, and the split below the rule. */
function readCard(container: HTMLElement, name: string) {
  const region = within(container).getByRole("region", { name });
  const total = parseShown(region.querySelector("p")!.textContent!);
  const [details, split]: Lines[] = [...region.querySelectorAll("dl")].map((dl) =>
    [...dl.querySelectorAll("dd")].map((dd) => [dd.previousElementSibling!.textContent!, dd.textContent!] as const),
  );
  return { region, total, details, split: split ?? [] };
}

const addUp = (lines: Lines) => sum(lines.map(([, value]) => parseShown(value)));
const valueOf = (lines: Lines, label: string) => {
  const line = lines.find(([l]) => l === label);
  return line ? parseShown(line[1]) : 0;
};
const PAYOUT_LINES = new Set(["Payouts", "Paid out", "Payout in progress"]);

/** Every card's lines and split add up to its amount as displayed, and no payout draws held money. */
function expectCardsAddUp(container: HTMLElement, wallet: WalletJson) {
  const viewer = readCard(container, "Viewer Earnings");
  const creator = readCard(container, "Creator Earnings");
  const total = readCard(container, "Total Balance");
  // Nothing hidden: the displayed amounts are the balances to the micro-dollar.
  expect(viewer.total).toBe(Math.round(wallet.viewer_balance * MICROS));
  expect(creator.total).toBe(Math.round(wallet.creator_balance * MICROS));
  expect(total.total).toBe(viewer.total + creator.total);
  for (const card of [viewer, creator, total]) {
    // The lines above the rule add up to the amount; so do the split lines below it.
    expect(addUp(card.details)).toBe(card.total);
    expect(card.split.map(([label]) => label)).toEqual(["Available", "Pending"]);
    expect(addUp(card.split)).toBe(card.total);
    // Payouts draw available money only: what they took is at most what was earned (less reversals) and not held.
    const earnedNet = addUp(card.details.filter(([label]) => !PAYOUT_LINES.has(label)));
    const paidOut = -addUp(card.details.filter(([label]) => PAYOUT_LINES.has(label)));
    expect(paidOut).toBeLessThanOrEqual(earnedNet - valueOf(card.split, "Pending"));
    expect(valueOf(card.split, "Available")).toBeGreaterThanOrEqual(0);
  }
  // An admin's credits are never content earnings.
  expect(valueOf(creator.details, "Earned from your content")).toBe(Math.round(wallet.creator_earnings * MICROS));
}

/** The states a history ends in, so the run can show it reached each of them. */
function statesOf(l: Ledger): string[] {
  const r = inFlight(l);
  return [
    l.requests.length === 0 ? "before a request" : "",
    r?.status === "open" ? "request open" : "",
    r?.status === "sent" ? "request sent in a batch" : "",
    l.requests.some((q) => q.status === "paid") ? "after a payout" : "",
    l.payments.some((p) => p.reversed) ? "after a correction" : "",
    l.requests.some((q) => q.status === "returned") ? "request returned or closed" : "",
    l.viewer.held + l.creator.held > 0 ? "with holds" : "",
    ...(["review", "takedown", "suspension"] as const).map((c) =>
      l.viewer.reversed[c] + l.creator.reversed[c] > 0 ? `reversed: ${c}` : "",
    ),
    l.adjustments.length > 0 ? "with adjustments" : "",
    live(l).some((p) => p.pending) ? "payment pending" : "",
  ].filter(Boolean);
}

const histories = fc.array(steps, { minLength: 1, maxLength: 40, size: "max" }).map((list) => {
  const ledger = emptyLedger();
  list.forEach((step, i) => play(ledger, step, i));
  return ledger;
});

afterEach(cleanup);

describe("wallet cards over random histories", () => {
  it("show lines and splits that add up to each card's amount as displayed, no payout drawn from held money", () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(histories, (ledger) => {
        const wallet = walletOf(ledger);
        for (const state of statesOf(ledger)) seen.set(state, (seen.get(state) ?? 0) + 1);
        const { container } = render(
          <WalletOverview wallet={wallet} rules={earningRules} payoutRequest={requestJsonOf(ledger)} />,
        );
        try {
          expectCardsAddUp(container, wallet);
        } finally {
          cleanup();
        }
      }),
      { numRuns: 200 },
    );
    // The generator reaches every state docs/decisions/066 names (else a passing run would prove little).
    expect([...seen.keys()].sort()).toEqual(
      [
        "before a request",
        "request open",
        "request sent in a batch",
        "after a payout",
        "after a correction",
        "request returned or closed",
        "with holds",
        "reversed: review",
        "reversed: takedown",
        "reversed: suspension",
        "with adjustments",
        "payment pending",
      ].sort(),
    );
    // 200 renders of the whole overview: seconds, more on a busy machine.
  }, 60_000);
});

describe("docs/decisions/066's member: $30.004 credited, $0.003 held, $30.00 requested and paid", () => {
  /** The member's history up to each moment, rendered and checked. */
  function at(steps: Step[]) {
    const ledger = emptyLedger();
    steps.forEach((step, i) => play(ledger, step, i));
    const wallet = walletOf(ledger);
    const { container } = render(
      <WalletOverview wallet={wallet} rules={earningRules} payoutRequest={requestJsonOf(ledger)} />,
    );
    expectCardsAddUp(container, wallet);
    return {
      viewer: readCard(container, "Viewer Earnings"),
      creator: readCard(container, "Creator Earnings"),
      total: readCard(container, "Total Balance"),
    };
  }
  const credit: Step = {
    kind: "credit",
    side: "creator",
    micros: 30_004_000,
    description: "Contest prize 🎉 <b>html</b>",
  };
  const held: Step = { kind: "views", side: "viewer", count: 1, held: true };
  const request: Step = { kind: "request", share: 1 };

  it("before the request: the credit is an adjustment, listed with its description, and the held view is pending", () => {
    const { viewer, creator, total } = at([credit, held]);
    expect(creator.details).toEqual([
      ["Earned from your content", "$0.00"],
      ["Adjustments by Reelpay", "$30.004"],
      ["Payouts", "$0.00"],
    ]);
    const list = within(creator.region).getByRole("list", { name: "Adjustments by Reelpay" });
    // The admin's words as text: no markup becomes an element.
    expect(list.textContent).toMatch(/^Contest prize 🎉 <b>html<\/b> · \$30\.004 · Nov 1(, 2026)?$/);
    expect(list.querySelector("b")).toBeNull();
    expect(within(viewer.region).queryByRole("list")).toBeNull();
    expect(viewer.split).toEqual([
      ["Available", "$0.00"],
      ["Pending", "$0.003"],
    ]);
    expect(total.details).toEqual([
      ["Total earned", "$30.007"],
      ["Paid out", "$0.00"],
    ]);
    expect(total.split).toEqual([
      ["Available", "$30.004"],
      ["Pending", "$0.003"],
    ]);
    expect(total.region.textContent).toContain("✓ Eligible for payout");
  });

  it("with the request open: one line for the payout in progress, drawn from the creator side's available money", () => {
    const { viewer, creator, total } = at([credit, held, request]);
    expect(total.details).toEqual([
      ["Total earned", "$30.007"],
      ["Paid out", "$0.00"],
      ["Payout in progress", "−$30.00"],
    ]);
    expect(total.split).toEqual([
      ["Available", "$0.004"],
      ["Pending", "$0.003"],
    ]);
    expect(total.region.textContent).toContain("Payout of $30.00 requested");
    expect(viewer.details).toEqual([
      ["Earned watching", "$0.003"],
      ["Payouts", "$0.00"],
    ]);
    expect(creator.details.at(-1)).toEqual(["Payouts", "−$30.00"]);
  });

  it("sent in a batch: the payout line names the batch", () => {
    const { total } = at([credit, held, request, { kind: "send" }]);
    expect(total.region.textContent).toContain("Payout of $30.00 sent in batch 1");
  });

  it("after the payout: the viewer card keeps its held $0.003, the creator card its $0.004", () => {
    const { viewer, creator, total } = at([credit, held, request, { kind: "send" }, { kind: "pay" }]);
    expect(viewer.total).toBe(3_000);
    expect(viewer.details).toEqual([
      ["Earned watching", "$0.003"],
      ["Payouts", "$0.00"],
    ]);
    expect(viewer.split).toEqual([
      ["Available", "$0.00"],
      ["Pending", "$0.003"],
    ]);
    expect(creator.total).toBe(4_000);
    expect(creator.split).toEqual([
      ["Available", "$0.004"],
      ["Pending", "$0.00"],
    ]);
    expect(total.details).toEqual([
      ["Total earned", "$30.007"],
      ["Paid out", "−$30.00"],
    ]);
    expect(total.split).toEqual([
      ["Available", "$0.004"],
      ["Pending", "$0.003"],
    ]);
    expect(total.region.textContent).toContain("$24.996 more to reach the $25.00 minimum payout");
  });

  it("after a correction that reopens the request: the amount is back, reserved again", () => {
    const { total } = at([credit, held, request, { kind: "pay" }, { kind: "correct", reopen: true }]);
    expect(total.details).toEqual([
      ["Total earned", "$30.007"],
      ["Paid out", "$0.00"],
      ["Payout in progress", "−$30.00"],
    ]);
  });

  it("after a correction that closes the request: the amount is available again", () => {
    const { total } = at([credit, held, request, { kind: "pay" }, { kind: "correct", reopen: false }]);
    expect(total.details).toEqual([
      ["Total earned", "$30.007"],
      ["Paid out", "$0.00"],
    ]);
    expect(total.split).toEqual([
      ["Available", "$30.004"],
      ["Pending", "$0.003"],
    ]);
  });

  it("names each reversal by its cause, on its side and in the total", () => {
    const { viewer, creator, total } = at([
      { kind: "views", side: "viewer", count: 4, held: true },
      { kind: "views", side: "creator", count: 2, held: true },
      { kind: "reverse", side: "viewer", cause: "takedown", share: 0.5 },
      { kind: "reverse", side: "viewer", cause: "review", share: 0.5 },
      { kind: "reverse", side: "creator", cause: "suspension", share: 1 },
    ]);
    expect(viewer.details).toEqual([
      ["Earned watching", "$0.012"],
      ["Reversed after review", "−$0.003"],
      ["Reversed: content taken down", "−$0.006"],
      ["Payouts", "$0.00"],
    ]);
    expect(creator.details).toEqual([
      ["Earned from your content", "$0.006"],
      ["Reversed: account suspended", "−$0.006"],
      ["Payouts", "$0.00"],
    ]);
    expect(total.details).toEqual([
      ["Total earned", "$0.018"],
      ["Reversed after review", "−$0.003"],
      ["Reversed: content taken down", "−$0.006"],
      ["Reversed: account suspended", "−$0.006"],
      ["Paid out", "$0.00"],
    ]);
  });
});
