import { useStoryboardJobs } from "../../stores/storyboard-jobs";

/**
 * A quiet line under the finished upload: the new video's seek previews being made in the background
 * (docs/decisions/102). Not announced (a status that changes every frame would be noise); a failure says the
 * studio can try again, and nothing waits on it.
 */
export function SeekPreviewsStatus({ id }: { id: string }) {
  const job = useStoryboardJobs((s) => s.jobs[id]);
  if (!job) return null;
  const text =
    job.state === "working"
      ? `Making seek previews… ${Math.round(job.progress * 100)} %`
      : job.state === "done"
        ? "Seek previews are ready."
        : `Seek previews were not made: ${job.message}`;
  return (
    <p data-testid="seek-previews-status" className="text-xs text-slate-400">
      {text}
    </p>
  );
}
