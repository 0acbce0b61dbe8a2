import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

type HomePrefs = {
  /**
   * Member id → whether that member opened the Sign-On Challenge panel's details. Kept per member because
   * one browser may be shared; a member missing from the map sees the default (collapsed, decision 037).
   */
  challengeExpanded: Record<string, boolean>;
  setChallengeExpanded: (userId: string, expanded: boolean) => void;
  /** Member id → the shelf tab they last chose (docs/decisions/098); a member missing from it sees the first. */
  shelfTab: Record<string, string>;
  setShelfTab: (userId: string, tab: string) => void;
};

/** localStorage key; versioned by zustand's persist, so a later shape can migrate it. */
export const HOME_PREFS_KEY = "reelpay.home-prefs";

export const useHomePrefs = create<HomePrefs>()(
  persist(
    (set) => ({
      challengeExpanded: {},
      setChallengeExpanded: (userId, expanded) =>
        set((state) => ({ challengeExpanded: { ...state.challengeExpanded, [userId]: expanded } })),
      shelfTab: {},
      setShelfTab: (userId, tab) => set((state) => ({ shelfTab: { ...state.shelfTab, [userId]: tab } })),
    }),
    {
      name: HOME_PREFS_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ challengeExpanded: state.challengeExpanded, shelfTab: state.shelfTab }),
    },
  ),
);

/** Whether this member's challenge panel shows its details: collapsed to one line until they open it. */
export const useChallengeExpanded = (userId: string | null) =>
  useHomePrefs((s) => (userId ? (s.challengeExpanded[userId] ?? false) : false));
