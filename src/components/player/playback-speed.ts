/**
 * The speeds the player offers (docs/decisions/047): 0.5× to 2×, no faster, because the pacing rule counts watching at up
 * to 2× the server's time (docs/architecture.md §4 "A view", docs/decisions/047).
 */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** The next speed up (+1) or down (−1) from `current`, staying within the list's ends. */
export function stepSpeed(current: number, direction: 1 | -1): number {
  const index = SPEEDS.findIndex((speed) => speed >= current - 1e-9);
  const at = index === -1 ? SPEEDS.length - 1 : index;
  // Between two steps (set elsewhere), going down lands on the lower one, going up on the higher one.
  const exact = Math.abs(SPEEDS[at]! - current) < 1e-9;
  const next = direction === 1 ? (exact ? at + 1 : at) : at - 1;
  return SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, next))]!;
}

/** "1×", "0.75×", "2×". */
export const speedLabel = (speed: number) => `${speed}×`;
