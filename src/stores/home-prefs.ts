import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

type HomePrefs = {
  /**
   * Member id → whether that member opened the Sign-On Challenge panel's details. Kept per member because
   * one browser may be shared; a member missing from the map sees the default (collapsed, decision 037).
   */
  challengeExpanded: Record<string, boolean>;
  setChallengeExpanded: (userId: string, expanded: boolean) => void;
};

/** localStorage key; versioned by zustand's persist, so a later shape can migrate it. */
export const HOME_PREFS_KEY = "reelpay.home-prefs";

export const useHomePrefs = create<HomePrefs>()(
  persist(
    (set) => ({
      challengeExpanded: {},
      setChallengeExpanded: (userId, expanded) =>
        set((state) => ({ challengeExpanded: { ...state.challengeExpanded, [userId]: expanded } })),
    }),
    {
      name: HOME_PREFS_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ challengeExpanded: state.challengeExpanded }),
    },
  ),
);

/** Whether this member's challenge panel shows its details: collapsed to one line until they open it. */
export const useChallengeExpanded = (userId: string | null) =>
  useHomePrefs((s) => (userId ? (s.challengeExpanded[userId] ?? false) : false));
