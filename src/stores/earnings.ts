import { create } from "zustand";
import { describeFailure } from "../lib/api";
import { calculateEarnings } from "../lib/earnings-api";

type EarningsState = {
  /** Goes up each time the earnings job credited something; screens showing money refetch on it. */
  version: number;
  /** Runs the earnings job (DESIGN.md §4). Never rejects: a failure is logged only (spec §8). */
  calculate: () => Promise<void>;
};

// Shared while in flight, so StrictMode's double effect or a slow answer overlapping the next tick
// cause one request, and one version bump.
let inFlight: Promise<void> | null = null;

export const useEarnings = create<EarningsState>()((set) => ({
  version: 0,
  calculate() {
    inFlight ??= run().finally(() => {
      inFlight = null;
    });
    return inFlight;

    async function run() {
      try {
        const { processed } = await calculateEarnings();
        if (processed > 0) set((state) => ({ version: state.version + 1 }));
      } catch (error) {
        console.error(describeFailure("Failed to calculate earnings", error));
      }
    }
  },
}));
