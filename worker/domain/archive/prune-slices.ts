// The data lifecycle's steps for rows that are deleted, not archived (notifications, the recommender's week of
// finished items): bounded like a dataset's parts, at most `partsPerRun` slices of `rowsPerPart` rows a run,
// oldest first; the next run goes on where this one stopped.

export type SliceBudget = { rowsPerPart: number; partsPerRun: number };

/** Runs `deleteSlice(limit)` (which returns how many it deleted) until a slice comes back short or the budget is used. */
export async function pruneSlices(
  deleteSlice: (limit: number) => Promise<number>,
  budget: SliceBudget,
  noneLeft: string,
) {
  let removed = 0;
  for (let slice = 0; slice < budget.partsPerRun; slice++) {
    const n = await deleteSlice(budget.rowsPerPart);
    removed += n;
    if (n < budget.rowsPerPart) return { removed, stopped: noneLeft };
  }
  return { removed, stopped: "slice budget used; the next run goes on" };
}

/** A failed step is reported, and the cron goes on to the sweep (like a dataset's failure). */
export const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));
