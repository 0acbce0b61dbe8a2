import { useEffect } from "react";
import { useAuth } from "../stores/auth";
import { useEarnings } from "../stores/earnings";
import { useInterval } from "./use-interval";

/** docs/product-spec.md §9: the home page asks for an earnings calculation this often. */
export const EARNINGS_POLL_MS = 30_000;

/**
 * Runs the earnings job on load and every 30 s while the page is open, for a signed-in user only (the
 * call needs a session). New credits bump the earnings store's version, which the page's data watches
 * (docs/architecture.md §4: refresh without a full reload).
 */
export function useEarningsPoll() {
  const userId = useAuth((s) => s.user?.id ?? null);
  const calculate = useEarnings((s) => s.calculate);

  useEffect(() => {
    if (userId) void calculate();
  }, [userId, calculate]);

  useInterval(() => void calculate(), userId ? EARNINGS_POLL_MS : null);
}
