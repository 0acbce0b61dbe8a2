import { useState } from "react";
import type { ContentItemJson } from "../../../common/schemas/content";
import { refusalOf } from "../../lib/api";
import { removeStoryboard } from "../../lib/storyboard";
import { useRefreshContentItem } from "../../queries/content";
import { startStoryboard, type StoryboardJob, useStoryboardJobs } from "../../stores/storyboard-jobs";
import { buttonClass, card } from "../ui";

/**
 * The studio's "Seek previews" card (docs/decisions/102): the frames the player shows above its seek bar, made here in
 * the browser from the item's own stream (generate, regenerate) or removed. Audio items have none.
 */
export function SeekPreviews({ item }: { item: ContentItemJson }) {
  const job = useStoryboardJobs((s) => s.jobs[item.id]);
  const refresh = useRefreshContentItem(item.id);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const working = job?.state === "working" || job?.state === "queued";
  const generate = () => {
    setRemoveError(null);
    void startStoryboard(item.id, { durationS: item.duration, onDone: refresh });
  };
  const remove = async () => {
    setRemoving(true);
    setRemoveError(null);
    try {
      await removeStoryboard(item.id);
      await refresh();
    } catch (error) {
      setRemoveError(refusalOf(error) ?? "The seek previews could not be removed. Try again.");
    } finally {
      setRemoving(false);
    }
  };
  return (
    <section className={`${card} space-y-3`} aria-labelledby="studio-seek-previews">
      <h2 id="studio-seek-previews" className="text-lg font-semibold">
        Seek previews
      </h2>
      {item.type !== "video" ? (
        <p className="text-sm text-slate-400">Audio has no seek previews: the player shows the time alone.</p>
      ) : (
        <>
          <p className="text-sm text-slate-400">
            {item.storyboard
              ? `Viewers see a frame above the seek bar as they move along it (${item.storyboard.count} frames).`
              : "No seek previews yet: viewers see only the time above the seek bar."}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className={buttonClass()} disabled={working || removing} onClick={generate}>
              {item.storyboard ? "Regenerate" : "Generate seek previews"}
            </button>
            {item.storyboard ? (
              <button
                type="button"
                className={buttonClass("secondary")}
                disabled={working || removing}
                onClick={() => void remove()}
              >
                {removing ? "Removing…" : "Remove"}
              </button>
            ) : null}
          </div>
          <JobStatus job={job} />
          {removeError ? (
            <p role="alert" className="text-sm text-red-300">
              {removeError}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function JobStatus({ job }: { job: StoryboardJob | undefined }) {
  if (!job) return null;
  if (job.state === "queued") {
    return (
      <p role="status" className="text-sm text-slate-300">
        Seek previews are waiting for the uploads before them.
      </p>
    );
  }
  if (job.state === "working") {
    const percent = Math.round(job.progress * 100);
    return (
      <div className="space-y-1" role="status">
        <p className="text-sm text-slate-300">Making seek previews… {percent} %</p>
        <progress
          className="h-1.5 w-full max-w-sm accent-violet-500"
          max={100}
          value={percent}
          aria-label="Seek previews"
        />
      </div>
    );
  }
  if (job.state === "failed") {
    return (
      <p role="alert" className="text-sm text-red-300">
        {job.message}
      </p>
    );
  }
  return (
    <p role="status" className="text-sm text-emerald-300">
      Seek previews are ready.
    </p>
  );
}
