import { useEffect, useRef, useState } from "react";
import { create } from "zustand";
import { describeFailure } from "../../lib/api";

/**
 * Bumped after every saved admin change, so each list on screen (and the summary cards) loads again
 * (docs/product-spec.md §4: "A saved change in an admin list triggers a refresh of the lists").
 */
export const useAdminRefresh = create<{ version: number; refresh: () => void }>((set) => ({
  version: 0,
  refresh: () => set((state) => ({ version: state.version + 1 })),
}));

export const refreshAdminLists = () => useAdminRefresh.getState().refresh();

export type AdminQuery<T> = {
  /** The last answer; null before the first one and after a failure (the screen shows its empty state). */
  data: T | null;
  /** Nothing has been answered yet for any key: show a spinner rather than an empty state. */
  firstLoad: boolean;
};

type Settled<T> = { key: string; data: T | null };

/**
 * Loads admin data when the component mounts (a tab opens), when `key` changes and after any saved
 * change. Failures are logged only (docs/product-spec.md §8 "admin fetch failures: console only"); answers to an older
 * key are dropped; the previous answer stays on screen while a refresh runs.
 */
export function useAdminQuery<T>(key: string, load: (signal: AbortSignal) => Promise<T>, failure: string): AdminQuery<T> {
  const version = useAdminRefresh((s) => s.version);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const fullKey = `${key}#${version}`;

  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key: fullKey, data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(describeFailure(failure, error));
        setSettled({ key: fullKey, data: null });
      },
    );
    return () => controller.abort();
  }, [fullKey, failure]);

  return { data: settled?.data ?? null, firstLoad: settled === null };
}
