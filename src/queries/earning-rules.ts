import { useQuery } from "@tanstack/react-query";
import { getEarningRules, getViewReward } from "../lib/earnings-api";
import { queryKeys } from "../lib/query-keys";
import type { EarningRulesJson, ViewRewardJson } from "../../common/schemas/earning-rules";

/**
 * The rules a view earns by (GET /api/earning-rules), loaded once per visit of a screen that states them: admins
 * rarely change them, and the server applies them anyway, so they only explain. Undefined until the server
 * answers, and after a failure (logged only), so nothing states a rule the server did not (docs/decisions/067).
 */
export function useEarningRules(): EarningRulesJson | undefined {
  const { data } = useQuery({
    queryKey: queryKeys.earningRules(),
    queryFn: ({ signal }) => getEarningRules(signal),
    meta: { failure: "Failed to load earning rules" },
  });
  return data;
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
