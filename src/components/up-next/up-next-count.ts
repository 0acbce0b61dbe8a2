/**
 * How many suggestions the Up Next panel offers when an item ends: one row of whole cards at a laptop's width
 * (three; two from `sm`, one strip on a phone). Related, beside the player, lists the ones after these, so the
 * panel never repeats what is next to it (docs/decisions/098).
 */
export const UP_NEXT_COUNT = 3;
