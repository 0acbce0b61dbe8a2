import type { ViewRewardJson } from "../../common/schemas/earning-rules";
import { formatUsd } from "../lib/format";
import { useViewReward } from "../queries/earning-rules";
import { useAuth } from "../stores/auth";
import { Modal } from "./modal";
import { buttonClass } from "./ui";

// The product's promises, in the order a newcomer cares about them (constants from the docs/product-spec.md §9).
// A member asks for a payout in the Wallet and our team sends it (docs/decisions/036); nothing here may promise an instant cash-out.
// The reward and the share to watch are the server's (GET /api/view-reward, docs/decisions/067); until it answers,
// that line is left out rather than guessed.
const benefitsFor = (reward: ViewRewardJson | undefined) => [
  ...(reward
    ? [`Earn ${formatUsd(reward.reward_usd)} for every video or track you watch to ${reward.qualify_percent}%`]
    : []),
  "Earn as a creator every time others watch your uploads",
  "AI recommendations that learn from your likes",
  "Ask for a payout once $25.00 is available; our team sends it",
];

type SignInModalProps = { open: boolean; onClose: () => void };

export function SignInModal({ open, onClose }: SignInModalProps) {
  return open ? <SignInDialog onClose={onClose} /> : null;
}

function SignInDialog({ onClose }: { onClose: () => void }) {
  const redirectToLogin = useAuth((s) => s.redirectToLogin);
  const benefits = benefitsFor(useViewReward());
  return (
    <Modal title="Welcome to Reelpay" onClose={onClose} size="md">
      <p className="rounded-xl border border-violet-500/40 bg-violet-500/10 p-3 text-sm text-violet-100">
        <strong className="font-semibold">Sign-up bonus:</strong> get $50 to $100 by completing the sign-on challenge
        within 24 hours of joining.
      </p>
      <ul className="mt-4 space-y-2 text-sm text-slate-300">
        {benefits.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <span aria-hidden="true" className="text-violet-400">
              ✓
            </span>
            {benefit}
          </li>
        ))}
      </ul>
      <button
        type="button"
        data-autofocus
        className={`${buttonClass("primary", "lg")} mt-6 w-full`}
        onClick={() => void redirectToLogin()}
      >
        Continue with Google
      </button>
      <p className="mt-3 text-center text-xs text-slate-400">
        By continuing you agree to our{" "}
        <a href="/terms" target="_blank" rel="noopener" className="underline hover:text-slate-200">
          Terms of Service
        </a>{" "}
        and{" "}
        <a href="/privacy" target="_blank" rel="noopener" className="underline hover:text-slate-200">
          Privacy Policy
        </a>
        .
      </p>
    </Modal>
  );
}
