import { useEffect, useState } from "react";
import { describeFailure } from "../lib/api";
import { getEarningRules } from "../lib/earnings-api";
import type { EarningRulesJson } from "../lib/types";

/** What the wallet explains until (or unless) the server answers: the defaults of docs/architecture.md §4 "A view". */
export const defaultEarningRules: EarningRulesJson = {
  reward_usd: 0.003,
  qualify_percent: 80,
  views_per_item_per_day: 3,
  min_earning_seconds: 5,
  daily_earnable_views: 100,
  earnings_hold_days: 7,
};

/**
 * The rules a view earns by, loaded once per page: admins rarely change them, and the server applies
 * them anyway, so this list only explains. A failure is logged only (docs/product-spec.md §8) and the defaults stay.
 */
export function useEarningRules(): EarningRulesJson {
  const [rules, setRules] = useState(defaultEarningRules);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    getEarningRules(signal).then(
      (loaded) => {
        if (!signal.aborted) setRules(loaded);
      },
      (error: unknown) => {
        if (!signal.aborted) console.error(describeFailure("Failed to load earning rules", error));
      },
    );
    return () => controller.abort();
  }, []);

  return rules;
}
