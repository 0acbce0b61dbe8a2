import { create } from "zustand";

/** What a run of the earnings job credited to the user's own views; `id` tells two equal credits apart. */
type CreditNotice = { id: number; usd: number };

type CreditNoticeState = {
  /** The latest credit to this user, shown as "+$0.003" until dismissed. */
  credit: CreditNotice | null;
  /** Shows a new notice, replacing the one on screen. */
  show: (usd: number) => void;
  /** Hides the notice `id`; a newer notice that replaced it stays. */
  dismiss: (id: number) => void;
};

let lastCreditId = 0;

/** The "+$0.003 credited" notice: screen state that outlives the home page (it shows over every screen). */
export const useCreditNotice = create<CreditNoticeState>()((set) => ({
  credit: null,
  show: (usd) => set({ credit: { id: ++lastCreditId, usd } }),
  dismiss: (id) => set((state) => (state.credit?.id === id ? { credit: null } : state)),
}));
