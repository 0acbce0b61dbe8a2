import { useEffect, useState } from "react";
import { api, describeFailure } from "../lib/api";
import type { ChallengeProgressResponse } from "../lib/types";
import { useAuth } from "../stores/auth";
import { useEarnings } from "../stores/earnings";
import { useInterval } from "./use-interval";

/** docs/product-spec.md §9: the challenge panel refreshes this often. */
export const CHALLENGE_REFRESH_MS = 60_000;

type Settled = { userId: string; data: ChallengeProgressResponse | null };

/**
 * The signed-in user's sign-on challenge progress (GET /api/challenges/progress), refreshed every 60 s
 * and whenever the earnings job processed something (the earnings store's version), since that is when
 * a pending sign-on bonus becomes awarded (docs/decisions/010).
 *
 * Null while signed out, until the first answer arrives, and when the first load failed. Failures are
 * logged only (docs/product-spec.md §8); a failed refresh keeps the last answer (the next tick tries again), as the
 * wallet does, so a passing network blip does not make the panel vanish.
 */
export function useChallengeProgress(): ChallengeProgressResponse | null {
  const userId = useAuth((s) => s.user?.id ?? null);
  const version = useEarnings((s) => s.version);
  const [tick, setTick] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  useInterval(() => setTick((n) => n + 1), userId ? CHALLENGE_REFRESH_MS : null);

  useEffect(() => {
    if (!userId) return;
    // A newer request (next tick, new version, StrictMode's second run) replaces this one.
    const controller = new AbortController();
    const { signal } = controller;
    api<ChallengeProgressResponse>("/api/challenges/progress", { signal }).then(
      (data) => {
        if (!signal.aborted) setSettled({ userId, data });
      },
      (error: unknown) => {
        if (signal.aborted) return;
        console.error(describeFailure("Failed to fetch challenge progress", error));
        setSettled((prev) => (prev?.userId === userId ? prev : { userId, data: null }));
      },
    );
    return () => controller.abort();
  }, [userId, version, tick]);

  // Another account's answer (after switching users) is never shown.
  return userId !== null && settled?.userId === userId ? settled.data : null;
}
