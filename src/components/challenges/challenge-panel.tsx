import { useId } from "react";
import { Link } from "react-router";
import { useChallengeProgress } from "../../queries/challenge-progress";
import { useEarningRules } from "../../queries/earning-rules";
import type { ChallengeProgressResponse } from "../../../common/schemas/challenges";
import { buttonClass } from "../ui";
import { useUserId } from "../../stores/auth";
import { useChallengeExpanded, useHomePrefs } from "../../stores/home-prefs";
import { ChallengeItem } from "./challenge-item";
import { sumUsd } from "../../lib/money";
import { BonusAmount } from "../bonus-amount";
import { formatTimeLeft } from "./format";
import { ProgressBar } from "./progress-bar";

/**
 * The home page's sign-on challenge panel (docs/product-spec.md §2 "Challenge panel"). Hidden while signed out, while
 * loading, without data, and once the window is over (timeRemaining ≤ 0). Then, in order: the
 * congratulations once the bonus is awarded, 'All Challenges Complete' while the earnings job has yet to
 * award it (docs/decisions/010), else the progress of each challenge, folded to one line until the member opens
 * it (remembered per member, docs/decisions/037). What it says of the bonus's hold and the share to watch comes from
 * the earning rules (GET /api/earning-rules), as the wallet applies them: until they arrive, the awarded bonus's
 * hold is left unsaid and the opened details say they are loading, so no rule is guessed (docs/decisions/067).
 */
export function ChallengePanel() {
  const data = useChallengeProgress();
  if (!data || data.timeRemaining <= 0 || data.progress.length === 0) return null;
  const total = sumUsd(data.progress.map((p) => p.challenge.bonus_amount));
  if (data.bonus) return <BonusAwarded amount={data.bonus.total_bonus_amount} />;
  if (data.progress.every((p) => p.is_completed)) return <BonusPending amount={total} />;
  return <ChallengeProgress data={data} total={total} />;
}

/** Where an awarded bonus goes (docs/decisions/019): pending in the wallet for the holding period, if any. */
function holdText(days: number) {
  return days > 0
    ? `stays pending for ${days === 1 ? "1 day" : `${days.toLocaleString("en-US")} days`} before it can be paid out`
    : "can be paid out at once";
}

function BonusAwarded({ amount }: { amount: number }) {
  const headingId = useId();
  const holdDays = useEarningRules()?.earnings_hold_days;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-emerald-500/30 bg-gradient-to-br from-emerald-950/50 via-slate-900 to-violet-950/40 p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-300">
            <GiftIcon />
          </span>
          <div>
            <h2 id={headingId} className="text-xl font-semibold text-white">
              Congratulations!
            </h2>
            <p className="mt-1 text-slate-300">
              You completed every sign-on challenge and earned a{" "}
              <strong className="font-semibold text-emerald-300">
                <BonusAmount amount={amount} />
              </strong>{" "}
              bonus. It has been added to your wallet{holdDays === undefined ? "" : `, where it ${holdText(holdDays)}`}.
            </p>
          </div>
        </div>
        <Link to="/wallet" className={`${buttonClass("primary")} shrink-0`}>
          View Wallet
        </Link>
      </div>
    </section>
  );
}

function BonusPending({ amount }: { amount: number }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-violet-500/30 bg-gradient-to-br from-violet-950/60 via-slate-900 to-slate-950 p-6"
    >
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-500 font-bold text-slate-950"
        >
          ✓
        </span>
        <div>
          <h2 id={headingId} className="text-xl font-semibold text-white">
            All Challenges Complete
          </h2>
          <p className="mt-1 text-slate-300">
            Your{" "}
            <strong className="font-semibold text-emerald-300">
              <BonusAmount amount={amount} />
            </strong>{" "}
            bonus is being checked. It appears in your wallet once the checks pass: within minutes, unless our team
            needs to review it.
          </p>
        </div>
      </div>
    </section>
  );
}

function ChallengeProgress({ data, total }: { data: ChallengeProgressResponse; total: number }) {
  const headingId = useId();
  const detailsId = useId();
  const rules = useEarningRules();
  const userId = useUserId();
  const expanded = useChallengeExpanded(userId);
  const setExpanded = useHomePrefs((s) => s.setChallengeExpanded);
  const done = data.progress.filter((p) => p.is_completed).length;
  const count = data.progress.length;
  const summary = `${done} of ${count} completed`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-800 bg-gradient-to-br from-violet-950/40 via-slate-900/60 to-slate-900/60"
    >
      {/* The one line the panel folds to (decision 037): the whole line toggles the details, and says where
          the member stands so the folded panel still tells them what matters. */}
      <div className="relative px-4 py-3 sm:px-6 sm:py-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-0.5">
          <h2 id={headingId} className="text-lg font-semibold text-white sm:text-xl">
            Sign-On Challenge
          </h2>
          <p
            data-testid="challenge-summary"
            className="order-last basis-full text-sm text-slate-300 tabular-nums sm:order-none sm:basis-auto"
          >
            {summary} · {formatTimeLeft(data.timeRemaining)} left ·{" "}
            <span className="font-semibold text-emerald-300">
              <BonusAmount amount={total} /> bonus
            </span>
          </p>
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={() => userId && setExpanded(userId, !expanded)}
            className="ml-auto inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-violet-200 outline-none after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400"
          >
            {/* The same name in both states: aria-expanded says which (a disclosure button). */}
            <span className="sr-only">Challenge details</span>
            <span aria-hidden="true" className="hidden sm:inline">
              Details
            </span>
            <ChevronIcon up={expanded} />
          </button>
        </div>
        <div className="mt-2">
          <ProgressBar value={done} max={count} size="sm" label="Overall challenge progress" valueText={summary} />
        </div>
      </div>

      <div id={detailsId} hidden={!expanded} className="px-4 pb-5 sm:px-6 sm:pb-6">
        {rules ? (
          <>
            <p className="text-sm text-slate-400">
              Complete every challenge to earn your sign-up bonus. Challenges are for new members and must be finished
              within 24 hours of signing up. The bonus is then checked and added to your wallet, where it{" "}
              {holdText(rules.earnings_hold_days)}.
            </p>
            <ul className="mt-4 space-y-3">
              {data.progress.map((entry) => (
                <ChallengeItem key={entry.id} entry={entry} qualifyPercent={rules.qualify_percent} />
              ))}
            </ul>
          </>
        ) : (
          // What each challenge asks names the share to watch: the details wait for the rules (the line above doesn't).
          <p role="status" className="text-sm text-slate-400">
            Loading the details…
          </p>
        )}
      </div>
    </section>
  );
}

const ChevronIcon = ({ up }: { up: boolean }) => (
  <svg
    viewBox="0 0 20 20"
    fill="currentColor"
    aria-hidden="true"
    className={`size-5 transition-transform ${up ? "rotate-180" : ""}`}
  >
    <path
      fillRule="evenodd"
      d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
      clipRule="evenodd"
    />
  </svg>
);

// Drawn rather than an emoji: emoji fonts are missing on many systems (a box would show instead).
const GiftIcon = () => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    className="size-5"
  >
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M12 8v13M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7" />
    <path d="M7.5 8a2.5 2.5 0 0 1 0-5C10 3 12 8 12 8s2-5 4.5-5a2.5 2.5 0 0 1 0 5" />
  </svg>
);
