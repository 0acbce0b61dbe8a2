import { useQuery } from "@tanstack/react-query";
import type { ViewRewardJson } from "../../common/schemas/earning-rules";
import { getEarningRules, getViewReward } from "../lib/earnings-api";
import { queryKeys } from "../lib/query-keys";
import type { EarningRulesJson } from "../../common/schemas/earning-rules";

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
 * The rules a view earns by, loaded once per visit of the wallet: admins rarely change them, and the
 * server applies them anyway, so this list only explains. A failure is logged only and the defaults stay.
 */
export function useEarningRules(): EarningRulesJson {
  const { data } = useQuery({
    queryKey: queryKeys.earningRules(),
    queryFn: ({ signal }) => getEarningRules(signal),
    meta: { failure: "Failed to load earning rules" },
  });
  return data ?? defaultEarningRules;
}

/**
 * What a view pays, the share to watch and the paid views per item a day, from the public GET /api/view-reward:
 * undefined until it answers, so nothing shows an amount the server did not state (docs/decisions/067).
 */
export function useViewReward(): ViewRewardJson | undefined {
  const { data } = useQuery({
    queryKey: queryKeys.viewReward(),
    queryFn: ({ signal }) => getViewReward(signal),
    staleTime: Infinity,
    meta: { failure: "Failed to load the view reward" },
  });
  return data;
}
