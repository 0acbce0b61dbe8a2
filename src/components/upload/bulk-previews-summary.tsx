import { useStoryboardJobs } from "../../stores/storyboard-jobs";

/**
 * The batch's seek previews in one line (docs/decisions/105): how many of the uploaded videos have them, how many
 * are still to come (made one at a time, and stopped if the page is left), and how many failed; each row says
 * which. Quiet like the single upload's line: not announced, nothing waits on it.
 */
export function BulkPreviewsSummary({ ids }: { ids: string[] }) {
  const jobs = useStoryboardJobs((s) => s.jobs);
  if (!ids.length) return null;
  const states = ids.map((id) => jobs[id]?.state);
  const ready = states.filter((s) => s === "done").length;
  const failed = states.filter((s) => s === "failed").length;
  const toCome = states.filter((s) => s === "queued" || s === "working").length;
  const parts = [`${ready} of ${ids.length} ready`];
  if (toCome) parts.push(`${toCome} being made, one at a time`);
  if (failed) parts.push(`${failed} not made (the studio can try again)`);
  return (
    <div className="space-y-0.5 text-xs text-slate-400">
      <p>Seek previews: {parts.join(", ")}.</p>
      {toCome ? <p>Leaving this page stops the ones not made yet; the studio can make them later.</p> : null}
    </div>
  );
}
