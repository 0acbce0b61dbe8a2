import fc from "fast-check";
import { expect, it } from "vitest";
import { balancesOf } from "./balances";

const micros = fc.integer({ min: 0, max: 10_000_000_000 });

it("draws payments from the viewer balance first and never loses a micro-dollar", () => {
  fc.assert(
    fc.property(micros, micros, micros, micros, micros, (viewerRewards, awardedBonuses, creatorRewards, manualEarnings, payments) => {
      const b = balancesOf({ viewerRewards, awardedBonuses, creatorRewards, manualEarnings, payments });
      // Nothing created or lost: what remains plus what was paid is what was earned.
      expect(b.viewerBalance + b.creatorBalance + payments).toBe(viewerRewards + awardedBonuses + creatorRewards + manualEarnings);
      expect(b.viewerBalance).toBeGreaterThanOrEqual(0);
      // The creator balance is touched only once the viewer balance is exhausted.
      if (b.creatorBalance < creatorRewards + manualEarnings) expect(b.viewerBalance).toBe(0);
      // Each side's lines add up to its balance: what it earned less what the payments took from it.
      expect(b.fromViewer + b.fromCreator).toBe(payments);
      expect(b.viewerGross - b.fromViewer).toBe(b.viewerBalance);
      expect(b.creatorGross - b.fromCreator).toBe(b.creatorBalance);
    }),
  );
});
