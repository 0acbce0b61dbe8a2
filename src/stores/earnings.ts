import { create } from "zustand";
import { describeFailure } from "../lib/api";
import { calculateEarnings } from "../lib/earnings-api";

/** What a run of the earnings job credited to the user's own views; `id` tells two equal credits apart. */
export type CreditNotice = { id: number; usd: number };

type EarningsState = {
  /** Goes up each time the earnings job credited something; screens showing money refetch on it. */
  version: number;
  /** The latest credit to this user, shown as "+$0.003" until dismissed. */
  credit: CreditNotice | null;
  /** Runs the earnings job (docs/architecture.md §4). Never rejects: a failure is logged only (docs/product-spec.md §8). */
  calculate: () => Promise<void>;
  /** Hides the notice `id`; a newer notice that replaced it stays. */
  dismissCredit: (id: number) => void;
};

// Shared while in flight, so StrictMode's double effect or a slow answer overlapping the next tick
// cause one request, and one version bump.
let inFlight: Promise<void> | null = null;
let lastCreditId = 0;

export const useEarnings = create<EarningsState>()((set) => ({
  version: 0,
  credit: null,
  calculate() {
    inFlight ??= run().finally(() => {
      inFlight = null;
    });
    return inFlight;

    async function run() {
      try {
        const { processed, credited_usd } = await calculateEarnings();
        if (processed > 0) set((state) => ({ version: state.version + 1 }));
        // Older servers (and other users' credits) say nothing here: no notice then.
        if (credited_usd > 0) set({ credit: { id: ++lastCreditId, usd: credited_usd } });
      } catch (error) {
        console.error(describeFailure("Failed to calculate earnings", error));
      }
    }
  },
  dismissCredit: (id) => set((state) => (state.credit?.id === id ? { credit: null } : state)),
}));
