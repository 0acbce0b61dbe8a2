import { type StoryboardJob, useStoryboardJobs } from "../../stores/storyboard-jobs";

/** The job's state in words, as the upload screens show it (docs/decisions/102, 105). */
function seekPreviewsText(job: StoryboardJob) {
  switch (job.state) {
    case "queued":
      return "Seek previews: waiting for the videos before this one.";
    case "working":
      return `Making seek previews… ${Math.round(job.progress * 100)} %`;
    case "done":
      return "Seek previews are ready.";
    case "failed":
      return `Seek previews were not made: ${job.message}`;
  }
}

/**
 * A quiet line under the finished upload (or bulk row): the new video's seek previews being made in the background
 * (docs/decisions/102, 105). Not announced (a status that changes every frame would be noise); a failure says the
 * studio can try again, and nothing waits on it.
 */
export function SeekPreviewsStatus({ id }: { id: string }) {
  const job = useStoryboardJobs((s) => s.jobs[id]);
  if (!job) return null;
  return (
    <p data-testid="seek-previews-status" className="text-xs text-slate-400">
      {seekPreviewsText(job)}
    </p>
  );
}
