import fc from "fast-check";
import { expect, it } from "vitest";
import { balancesOf } from "./balances";

const micros = fc.integer({ min: 0, max: 10_000_000_000 });

// Reversals and pending parts are at most what they come from, as the records make them.
const parts = fc
  .record({ viewerRewards: micros, awardedBonuses: micros, creatorRewards: micros, manualEarnings: micros, payments: micros, pendingPayments: micros, reservedPayouts: fc.constant(0) })
  .chain((p) =>
    fc.record({
      viewerReversed: fc.integer({ min: 0, max: p.viewerRewards }),
      creatorReversed: fc.integer({ min: 0, max: p.creatorRewards }),
      viewerPending: fc.integer({ min: 0, max: p.viewerRewards + p.awardedBonuses }),
      creatorPending: fc.integer({ min: 0, max: p.creatorRewards }),
    }).map((extra) => ({ ...p, ...extra })),
  );

it("draws payments from the viewer balance first and never loses a micro-dollar", () => {
  fc.assert(
    fc.property(parts, (p) => {
      const b = balancesOf(p);
      const credited = p.viewerRewards + p.awardedBonuses + p.creatorRewards + p.manualEarnings - p.viewerReversed - p.creatorReversed;
      // Nothing created or lost: what remains plus what was paid is what was credited, less reversals.
      expect(b.viewerBalance + b.creatorBalance + p.payments).toBe(credited);
      expect(b.viewerBalance).toBeGreaterThanOrEqual(0);
      // The creator balance is touched only once the viewer balance is exhausted.
      if (b.creatorBalance < p.creatorRewards + p.manualEarnings - p.creatorReversed) expect(b.viewerBalance).toBe(0);
      // Each side's lines add up to its balance: what it earned less what the payments took from it.
      expect(b.fromViewer + b.fromCreator).toBe(p.payments);
      expect(b.viewerGross - b.fromViewer).toBe(b.viewerBalance);
      expect(b.creatorGross - b.fromCreator).toBe(b.creatorBalance);
      // The split: available + pending is the total balance.
      expect(b.available + b.pending).toBe(b.viewerBalance + b.creatorBalance);
      expect(b.pending).toBe(p.viewerPending + p.creatorPending);
    }),
  );
});
