// How a viewer found what they are watching (docs/product-spec.md §7 POST /api/playback-events `discovery_method`).
// Decision: carried as react-router location state `{ discovery }` on the link that opens the content
// page, not in sessionStorage: it belongs to that one navigation (back/forward and reload keep it, a
// different way in to the same item gets its own value) and nothing has to be cleaned up. A page opened
// without it (a shared or pasted link, a new tab, a bookmark) counts as "shared_link"; the row of followed
// creators' uploads says "follow" (docs/decisions/048). The player milestone reads it with `readDiscovery`.

import { DISCOVERY_METHODS, type DiscoveryMethod } from "../../common/playback";

export type { DiscoveryMethod };

export type DiscoveryState = { discovery: DiscoveryMethod };

const methods: readonly DiscoveryMethod[] = DISCOVERY_METHODS;

/** The discovery method in a location's state, "shared_link" (opened from an address) when there is none. */
export function readDiscovery(state: unknown): DiscoveryMethod {
  const value = (state as Partial<DiscoveryState> | null)?.discovery;
  return value && methods.includes(value) ? value : "shared_link";
}
