import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

type PlayerPrefs = {
  /** Up Next goes on to the first suggestion when its countdown ends (instead of closing). */
  autoplayNext: boolean;
  setAutoplayNext: (on: boolean) => void;
  /**
   * Theatre mode (docs/decisions/102): the content page's player across the page's whole width, Related below it;
   * remembered for every item. Offered from THEATRE_MEDIA_QUERY only: below, the player is already full width.
   */
  theatre: boolean;
  toggleTheatre: () => void;
};

export const THEATRE_MEDIA_QUERY = "(min-width: 1024px)";

/** localStorage key; versioned by zustand's persist, so a later shape can migrate it. */
export const PLAYER_PREFS_KEY = "reelpay.player-prefs";

// Off by default: moving on to other content without being asked is the viewer's choice to make.
export const usePlayerPrefs = create<PlayerPrefs>()(
  persist(
    (set) => ({
      autoplayNext: false,
      setAutoplayNext: (autoplayNext) => set({ autoplayNext }),
      theatre: false,
      toggleTheatre: () => set((state) => ({ theatre: !state.theatre })),
    }),
    {
      name: PLAYER_PREFS_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ autoplayNext: state.autoplayNext, theatre: state.theatre }),
    },
  ),
);
