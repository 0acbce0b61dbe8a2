import { useState } from "react";
import { createChallenge, getAdminChallenges } from "../../lib/admin-api";
import { queryKeys } from "../../lib/query-keys";
import { PageSpinner } from "../spinner";
import { buttonClass, card } from "../ui";
import { EmptyMessage, Section, StatCards } from "./admin-ui";
import { BonusAwards } from "./bonus-awards";
import { newDraft } from "./challenge-draft";
import { ChallengeForm } from "./challenge-form";
import { ChallengeItem } from "./challenge-item";
import { formatUsd } from "./money";
import { useAdminQuery, useRefreshAdminLists } from "../../queries/admin";

const howItWorks = [
  "New users are automatically enrolled in all active challenges when they sign up.",
  "Progress is tracked automatically as users stream and upload content.",
  "Bonuses are awarded automatically when a user completes all challenges within 24 hours.",
  "Changes to challenges only affect new users; users already enrolled keep their terms.",
  "View requirements are checked at each upload.",
  // docs/decisions/016: the spec's automatic award, guarded by risk checks.
  "A bonus that fails a risk check (accounts watching each other, a shared address) waits below for your review.",
];

/** Sign-On Challenges tab (docs/product-spec.md §2): totals, how it works, the challenges (create, edit) and the awards. */
export function ChallengesTab() {
  const refreshAdminLists = useRefreshAdminLists();
  const { data, firstLoad } = useAdminQuery(
    queryKeys.admin.list("challenges"),
    getAdminChallenges,
    "Failed to load challenges",
  );
  const [creating, setCreating] = useState(false);
  if (firstLoad) return <PageSpinner />;
  const { challenges = [], awards = [], summary } = data ?? {};

  return (
    <div className="space-y-6">
      <StatCards
        label="Challenge totals"
        stats={[
          { label: "Total Bonuses Paid", value: formatUsd(summary?.totalBonusesPaid ?? 0) },
          { label: "Users Completed", value: (summary?.usersCompleted ?? 0).toLocaleString("en-US") },
          { label: "Success Rate", value: `${(summary?.successRate ?? 0).toFixed(1)}%` },
        ]}
      />
      <aside aria-label="How challenges work" className={`${card} text-sm text-slate-300`}>
        <h2 className="font-semibold text-slate-100">How challenges work</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {howItWorks.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </aside>
      <Section
        title="Challenges"
        actions={
          creating ? null : (
            <button type="button" className={buttonClass()} onClick={() => setCreating(true)}>
              New Challenge
            </button>
          )
        }
      >
        {creating ? (
          <div className="rounded-xl border border-violet-500/40 p-4">
            <ChallengeForm
              initial={newDraft()}
              submitLabel="Create Challenge"
              onCancel={() => setCreating(false)}
              onSubmit={async (input) => {
                await createChallenge(input);
                refreshAdminLists();
                setCreating(false);
              }}
            />
          </div>
        ) : null}
        {challenges.length === 0 ? (
          <EmptyMessage title="No challenges yet" text="Create one so new users can earn their sign-up bonus." />
        ) : (
          <ul className="space-y-3">
            {challenges.map((c) => (
              <ChallengeItem key={c.id} challenge={c} />
            ))}
          </ul>
        )}
      </Section>
      <Section title="Bonus Awards History">
        <BonusAwards awards={awards} />
      </Section>
    </div>
  );
}
