import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AppealBody } from "../../common/schemas/appeals";
import type { AppealOutcome } from "../../common/appeals";
import { decideAppeal, getMyAppeals, sendAppeal } from "../lib/appeals-api";
import { contentVisibilityMakesStale, queryKeys } from "../lib/query-keys";
import { useUserId } from "../stores/auth";

// Appeals (docs/decisions/092): the member's actions and appeals, sending one, and an admin's decision.

/** The moderation actions against the signed-in member, with their appeals; loaded only where one is shown. */
export function useMyAppeals(enabled = true) {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.myAppeals(userId),
    queryFn: ({ signal }) => getMyAppeals(signal),
    enabled: !!userId && enabled,
    meta: { failure: "Failed to load your appeals" },
  });
}

/** Sends an appeal; the member's list loads again, so the item or notice shows "Appeal sent". */
export function useSendAppeal() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (body: AppealBody) => sendAppeal(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.myAppeals(userId) }),
  });
}

/**
 * An admin's decision. A reversal restores an item or lifts a suspension, which changes what members see, so the
 * gallery, search and the item load again as after a restore; the admin lists are reloaded by the dialog.
 */
export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return async (appealId: string, outcome: AppealOutcome, note: string) => {
    const answer = await decideAppeal(appealId, { outcome, note });
    if (outcome === "reversed") {
      void queryClient.invalidateQueries({
        predicate: (query) => contentVisibilityMakesStale.includes(String(query.queryKey[0])),
      });
    }
    return answer;
  };
}
