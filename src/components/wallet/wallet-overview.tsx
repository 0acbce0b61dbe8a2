import { useId } from "react";
import { formatUsd, formatUtcDate } from "../../lib/format";
import { sumUsd } from "../../lib/money";
import type { EarningRulesJson } from "../../../common/schemas/earning-rules";
import type { PayoutRequestJson, PayoutRequestsResponse } from "../../../common/schemas/payout-requests";
import type { WalletJson } from "../../../common/schemas/wallet";
import { BalanceCard, type BalanceLine } from "./balance-card";
import { HowEarningsWork } from "./how-earnings-work";
import { releaseText } from "./payout-request-card";

// Each card lists what its balance is made of, so the lines add up to it as displayed: every figure is
// written exactly (docs/decisions/032), and the server says how much of the payouts each side gave
// (docs/decisions/066: a payout draws the viewer side's available money first, then the creator side's, never
// held money), so a card never recomputes that split. On each side:
//   balance = earned (gross) − reversed − payouts (paid and in flight) = available + pending.
// Earnings a review, a takedown or a suspension took back stay in the gross lines and come off as their own
// line, named for their cause; what a granted appeal gave back of them is its own line too (docs/decisions/096),
// apart from what was earned, so the reward reads once as earned, once as taken back and once as given back. An admin's credits are "Adjustments by Reelpay", never content earnings; their
// descriptions are listed below the card, apart from the lines that add up.

type Wallet = WalletJson;
type ByCause = Wallet["viewer_reversed_by"];
type Side = "viewer" | "creator";

/** An amount that comes off the balance, with its minus sign ("−$5.521"); nothing off reads "$0.00". */
const off = (amount: number) => formatUsd(-amount);
/** A line that shows only when it holds something (never a line of $0.00 that says nothing). */
const when = (amount: number, line: BalanceLine): BalanceLine[] => (amount !== 0 ? [line] : []);

const CAUSES: [cause: keyof ByCause, label: string][] = [
  ["review", "Reversed after review"],
  ["takedown", "Reversed: content taken down"],
  ["suspension", "Reversed: account suspended"],
];

/** One line per cause of the reversals (each only when it took something back). */
const reversedLines = (byCause: ByCause): BalanceLine[] =>
  CAUSES.flatMap(([cause, label]) => when(byCause[cause], [label, off(byCause[cause])]));

/** Both sides' reversals, cause by cause (whole micro-dollars, so they add up as displayed). */
const bothSides = (w: Wallet): ByCause => ({
  review: sumUsd([w.viewer_reversed_by.review, w.creator_reversed_by.review]),
  takedown: sumUsd([w.viewer_reversed_by.takedown, w.creator_reversed_by.takedown]),
  suspension: sumUsd([w.viewer_reversed_by.suspension, w.creator_reversed_by.suspension]),
});

const GIVEN_BACK = "Given back after appeal";

/** The Total Balance card's lines: everything earned, taken back by cause, given back, paid out, and on its way. */
function totalLines(w: Wallet): BalanceLine[] {
  const givenBack = sumUsd([w.viewer_given_back, w.creator_given_back]);
  const earned = sumUsd([
    w.viewer_earnings,
    w.creator_earnings,
    w.signon_bonus,
    w.viewer_adjustments,
    w.creator_adjustments,
    -givenBack,
  ]);
  return [
    ["Total earned", formatUsd(earned)],
    ...reversedLines(bothSides(w)),
    ...when(givenBack, [GIVEN_BACK, formatUsd(givenBack)]),
    ["Paid out", off(w.paid_out)],
    // Pending payments and the request open or sent in a batch: one line for the money on its way.
    ...when(w.payout_in_flight, ["Payout in progress", off(w.payout_in_flight)]),
  ];
}

function viewerLines(w: Wallet): BalanceLine[] {
  return [
    ["Earned watching", formatUsd(sumUsd([w.viewer_earnings, -w.viewer_given_back]))],
    ...when(w.signon_bonus, ["Sign-on bonus", formatUsd(w.signon_bonus)]),
    ...when(w.viewer_adjustments, ["Adjustments by Reelpay", formatUsd(w.viewer_adjustments)]),
    ...reversedLines(w.viewer_reversed_by),
    ...when(w.viewer_given_back, [GIVEN_BACK, formatUsd(w.viewer_given_back)]),
    ["Payouts", off(w.viewer_payouts)],
  ];
}

function creatorLines(w: Wallet): BalanceLine[] {
  return [
    ["Earned from your content", formatUsd(sumUsd([w.creator_earnings, -w.creator_given_back]))],
    ...when(w.creator_adjustments, ["Adjustments by Reelpay", formatUsd(w.creator_adjustments)]),
    ...reversedLines(w.creator_reversed_by),
    ...when(w.creator_given_back, [GIVEN_BACK, formatUsd(w.creator_given_back)]),
    ["Payouts", off(w.creator_payouts)],
  ];
}

type WalletOverviewProps = {
  wallet: Wallet;
  /** GET /api/earning-rules, undefined until it answers (How Earnings Work holds its rule lines until then). */
  rules: EarningRulesJson | undefined;
  /** The member's request open or sent in a batch, from GET /api/me/payout-requests (when it has answered). */
  payoutRequest?: PayoutRequestJson;
  /** Pending money whose releases alone reach the minimum (GET /api/me/payout-requests), if any. */
  minimumReleased?: PayoutRequestsResponse["minimum_released"];
};

/** Overview tab: the total with what can be paid now, the two balances, and how earning works. */
export function WalletOverview({ wallet, rules, payoutRequest, minimumReleased }: WalletOverviewProps) {
  const total = sumUsd([wallet.viewer_balance, wallet.creator_balance]);
  return (
    <div className="space-y-6">
      <div className="grid gap-6 md:grid-cols-3">
        <BalanceCard
          title="Total Balance"
          amount={total}
          details={totalLines(wallet)}
          // Payouts draw on the available part only; the pending part waits out its hold.
          split={[
            ["Available", formatUsd(wallet.available_balance)],
            ["Pending", formatUsd(wallet.pending_balance)],
          ]}
        >
          {wallet.next_available_at ? (
            <p className="mt-1 text-xs text-slate-400">Next release {formatUtcDate(wallet.next_available_at)}</p>
          ) : null}
          <PayoutStatus wallet={wallet} request={payoutRequest} released={minimumReleased ?? null} />
        </BalanceCard>
        <BalanceCard
          title="Viewer Earnings"
          amount={wallet.viewer_balance}
          details={viewerLines(wallet)}
          split={[
            ["Available", formatUsd(wallet.viewer_available)],
            ["Pending", formatUsd(wallet.viewer_pending)],
          ]}
        >
          <Adjustments wallet={wallet} side="viewer" />
        </BalanceCard>
        <BalanceCard
          title="Creator Earnings"
          amount={wallet.creator_balance}
          details={creatorLines(wallet)}
          split={[
            ["Available", formatUsd(wallet.creator_available)],
            ["Pending", formatUsd(wallet.creator_pending)],
          ]}
        >
          <Adjustments wallet={wallet} side="creator" />
        </BalanceCard>
      </div>
      <HowEarningsWork rules={rules} minimumPayout={wallet.minimum_payout} />
    </div>
  );
}

/** "Nov 28" (UTC, as the server's days run), with the year when it is not this year's. */
function shortDay(iso: string): string {
  const date = new Date(iso);
  const thisYear = date.getUTCFullYear() === new Date().getUTCFullYear();
  return date.toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    ...(thisYear ? {} : { year: "numeric" }),
    timeZone: "UTC",
  });
}

/**
 * The admin's credits on one side, newest first, each with the admin's description: what the "Adjustments by
 * Reelpay" line is made of. A description is whatever the admin typed (long, unbroken, emoji, markup as text),
 * so it wraps anywhere and never widens the card.
 */
function Adjustments({ wallet, side }: { wallet: Wallet; side: Side }) {
  const headingId = useId();
  const items = wallet.adjustments.filter((a) => a.side === side);
  if (items.length === 0) return null;
  return (
    <div className="mt-4 border-t border-slate-800 pt-3">
      <h3 id={headingId} className="text-xs font-medium text-slate-400">
        Adjustments by Reelpay
      </h3>
      <ul aria-labelledby={headingId} className="mt-1 space-y-1 text-xs text-slate-400">
        {items.map((a, i) => (
          <li key={`${a.created_at}-${i}`} className="wrap-anywhere">
            {a.description}
            <span className="whitespace-nowrap tabular-nums">
              {" · "}
              {formatUsd(a.amount_usd)} · {shortDay(a.created_at)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Eligibility counts the available balance only, as a payout may draw on nothing else. While a request is on
 * its way its amount is out of the balance, so "more to reach the minimum" would read as if the member had to
 * start over: the line says where the payout is instead.
 */
function PayoutStatus({
  wallet,
  request,
  released,
}: {
  wallet: Wallet;
  request: PayoutRequestJson | undefined;
  released: PayoutRequestsResponse["minimum_released"];
}) {
  const { available_balance: available, minimum_payout: minimum } = wallet;
  if (request?.status === "sent" && request.batch_id !== null) {
    return (
      <p className="mt-4 text-sm font-medium text-violet-300">
        Payout of {formatUsd(request.amount_usd)} sent in batch {request.batch_id}
      </p>
    );
  }
  const requested = request?.amount_usd ?? wallet.reserved_payout;
  if (requested > 0) {
    return <p className="mt-4 text-sm font-medium text-violet-300">Payout of {formatUsd(requested)} requested</p>;
  }
  if (available >= minimum) {
    return <p className="mt-4 text-sm font-medium text-emerald-400">✓ Eligible for payout</p>;
  }
  // Pending money that reaches the minimum by itself is told with its day, not as money still to earn.
  if (released) return <p className="mt-4 text-sm text-slate-300">{releaseText(released)}</p>;
  return (
    <p className="mt-4 text-sm text-slate-400">
      {formatUsd(sumUsd([minimum, -available]))} more to reach the {formatUsd(minimum)} minimum payout
    </p>
  );
}
