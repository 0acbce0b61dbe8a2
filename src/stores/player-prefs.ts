import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

type PlayerPrefs = {
  /** Up Next goes on to the first suggestion when its countdown ends (instead of closing). */
  autoplayNext: boolean;
  setAutoplayNext: (on: boolean) => void;
};

/** localStorage key; versioned by zustand's persist, so a later shape can migrate it. */
export const PLAYER_PREFS_KEY = "reelpay.player-prefs";

// Off by default: moving on to other content without being asked is the viewer's choice to make.
export const usePlayerPrefs = create<PlayerPrefs>()(
  persist(
    (set) => ({
      autoplayNext: false,
      setAutoplayNext: (autoplayNext) => set({ autoplayNext }),
    }),
    {
      name: PLAYER_PREFS_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ autoplayNext: state.autoplayNext }),
    },
  ),
);
