/**
 * Why a form's button is still dimmed, in words ("Still needed: a member and a payment method."), for the
 * fields that are missing rather than wrong (a wrong one says so under itself). Null when nothing is missing.
 */
export function stillNeeded(missing: (string | false)[]): string | null {
  const items = missing.filter((item): item is string => Boolean(item));
  if (items.length === 0) return null;
  const list = items.length === 1 ? items[0] : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
  return `Still needed: ${list}.`;
}
