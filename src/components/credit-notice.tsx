import { useEffect } from "react";
import { formatUsd } from "../lib/format";
import { useCreditNotice } from "../stores/credit-notice";

/** How long "+$0.003" stays on screen. */
export const CREDIT_NOTICE_MS = 6000;

/**
 * "+$0.003" when the earnings job credited one of the user's own views (as viewer or creator). The live
 * region is always in the page, so screen readers announce each new notice when its text appears.
 */
export function CreditNoticeToast() {
  const credit = useCreditNotice((s) => s.credit);
  const dismiss = useCreditNotice((s) => s.dismiss);

  useEffect(() => {
    if (!credit) return;
    const timer = setTimeout(() => dismiss(credit.id), CREDIT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [credit, dismiss]);

  return (
    // A polite live region rather than role="status": it sits on every screen, beside each screen's own status.
    <div
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4"
    >
      {credit ? (
        <p
          key={credit.id}
          className="flex items-baseline gap-2 rounded-full border border-emerald-700 bg-emerald-950/95 px-5 py-2.5 shadow-lg shadow-black/40"
        >
          <span className="text-lg font-semibold tabular-nums text-emerald-300">+{formatUsd(credit.usd)}</span>
          <span className="text-sm text-emerald-100">credited to your wallet</span>
        </p>
      ) : null}
    </div>
  );
}
