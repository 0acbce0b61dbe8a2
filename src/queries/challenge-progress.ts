import { useQuery } from "@tanstack/react-query";
import { getChallengeProgress } from "../lib/challenges-api";
import { queryKeys } from "../lib/query-keys";
import type { ChallengeProgressResponse } from "../../common/schemas/challenges";
import { useUserId } from "../stores/auth";

/** docs/product-spec.md §9: the challenge panel refreshes this often. */
export const CHALLENGE_REFRESH_MS = 60_000;

/**
 * The signed-in user's sign-on challenge progress, refreshed every 60 s and whenever the earnings run
 * credited something (it invalidates "challenge-progress"), since that is when a pending sign-on bonus
 * becomes awarded (docs/decisions/010).
 *
 * Null while signed out, until the first answer arrives, and when the first load failed. Failures are
 * logged only (docs/product-spec.md §8); a failed refresh keeps the last answer (the next one tries again),
 * as the wallet does, so a passing network blip does not make the panel vanish.
 */
export function useChallengeProgress(): ChallengeProgressResponse | null {
  const userId = useUserId();
  const { data } = useQuery({
    // Keyed by user: another account's answer (after switching users) is never shown.
    queryKey: queryKeys.challengeProgress(userId),
    queryFn: ({ signal }) => getChallengeProgress(signal),
    enabled: userId !== null,
    refetchInterval: CHALLENGE_REFRESH_MS,
    refetchIntervalInBackground: true,
    meta: { failure: "Failed to fetch challenge progress" },
  });
  return data ?? null;
}
