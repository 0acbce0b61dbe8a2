import { create } from "zustand";
import { api, refusalOf } from "../lib/api";
import { generateStoryboard } from "../lib/storyboard";

// Seek previews being made in this tab (docs/decisions/102), by item: started by the upload's success screen, the
// bulk upload (one at a time, docs/decisions/105) or the studio, shown by each, so leaving one screen for the other
// keeps the status. Nothing persists: a failure says so, and the studio can make them again.

export type StoryboardJob =
  | { state: "queued" }
  | { state: "working"; progress: number }
  | { state: "done" }
  | { state: "failed"; message: string };

type Jobs = { jobs: Record<string, StoryboardJob> };

export const useStoryboardJobs = create<Jobs>()(() => ({ jobs: {} }));

const setJob = (id: string, job: StoryboardJob) =>
  useStoryboardJobs.setState((s) => ({ jobs: { ...s.jobs, [id]: job } }));

/** Forgets a job that was stopped before it ended: nothing half-made is left to show, and the studio can start it. */
const dropJob = (id: string) =>
  useStoryboardJobs.setState((s) => {
    const { [id]: _dropped, ...jobs } = s.jobs;
    return { jobs };
  });

type StartOptions = {
  /** The item's duration in seconds; read from the API when not given. */
  durationS?: number;
  /** Called once they are attached (the item's query refreshed). */
  onDone?: () => unknown;
  /** Stops the job (the bulk upload's screen was left): its entry is dropped, nothing is said. */
  signal?: AbortSignal;
};

/** Makes an item's seek previews in the background, unless they are already being made here. */
export async function startStoryboard(contentId: string, { durationS, onDone, signal }: StartOptions = {}) {
  if (useStoryboardJobs.getState().jobs[contentId]?.state === "working") return;
  if (signal?.aborted) return dropJob(contentId);
  setJob(contentId, { state: "working", progress: 0 });
  try {
    // The layout must fit the duration the server measured, not the one this browser reads from the file.
    durationS ??= (await api.GET("/api/content/{id}", { params: { path: { id: contentId } }, signal })).duration;
    await generateStoryboard(
      contentId,
      durationS,
      (progress) => {
        if (!signal?.aborted) setJob(contentId, { state: "working", progress });
      },
      signal,
    );
    // Stopped while the answer was on its way: forgotten like the rest, whatever the answer.
    signal?.throwIfAborted();
    setJob(contentId, { state: "done" });
    await onDone?.();
  } catch (error) {
    if (signal?.aborted) return dropJob(contentId);
    console.warn("seek previews failed:", error);
    const refusal = refusalOf(error);
    setJob(contentId, {
      state: "failed",
      message: refusal ?? "Seek previews could not be made in this browser. Try again from the studio.",
    });
  }
}

/**
 * Seek previews made one item after another (docs/decisions/105): a bulk upload of ten videos decodes one stream at
 * a time, not ten. `stop` ends the one being made and forgets the ones waiting, which the studio can make later.
 */
export function createStoryboardQueue() {
  const controller = new AbortController();
  const waiting: string[] = [];
  let current: string | null = null;
  let turn = Promise.resolve();
  return {
    add(contentId: string) {
      if (controller.signal.aborted) return;
      waiting.push(contentId);
      setJob(contentId, { state: "queued" });
      turn = turn.then(async () => {
        waiting.splice(waiting.indexOf(contentId), 1);
        // Started meanwhile from elsewhere (or stopped): not made twice.
        if (useStoryboardJobs.getState().jobs[contentId]?.state !== "queued") return;
        current = contentId;
        await startStoryboard(contentId, { signal: controller.signal });
        current = null;
      });
    },
    stop() {
      controller.abort();
      // Forgotten at once, not when the stopped work has noticed: the studio offers them again straight away.
      [...waiting, ...(current ? [current] : [])].forEach((id) => dropJob(id));
    },
  };
}
