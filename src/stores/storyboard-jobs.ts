import { create } from "zustand";
import { api, refusalOf } from "../lib/api";
import { generateStoryboard } from "../lib/storyboard";

// Seek previews being made in this tab (docs/decisions/102), by item: started by the upload's success screen or the
// studio, shown by both, so leaving one screen for the other keeps the status. Nothing persists: a failure says so,
// and the studio can make them again.

export type StoryboardJob =
  { state: "working"; progress: number } | { state: "done" } | { state: "failed"; message: string };

type Jobs = { jobs: Record<string, StoryboardJob> };

export const useStoryboardJobs = create<Jobs>()(() => ({ jobs: {} }));

const setJob = (id: string, job: StoryboardJob) =>
  useStoryboardJobs.setState((s) => ({ jobs: { ...s.jobs, [id]: job } }));

/**
 * Makes an item's seek previews in the background, unless they are already being made here (`durationS`: the
 * item's, read from the API when not given); `onDone` (the item's
 * query refreshed) once they are attached.
 */
export async function startStoryboard(contentId: string, durationS?: number, onDone?: () => unknown) {
  if (useStoryboardJobs.getState().jobs[contentId]?.state === "working") return;
  setJob(contentId, { state: "working", progress: 0 });
  try {
    // The layout must fit the duration the server measured, not the one this browser reads from the file.
    durationS ??= (await api.GET("/api/content/{id}", { params: { path: { id: contentId } } })).duration;
    await generateStoryboard(contentId, durationS, (progress) => setJob(contentId, { state: "working", progress }));
    setJob(contentId, { state: "done" });
    await onDone?.();
  } catch (error) {
    console.warn("seek previews failed:", error);
    const refusal = refusalOf(error);
    setJob(contentId, {
      state: "failed",
      message: refusal ?? "Seek previews could not be made in this browser. Try again from the studio.",
    });
  }
}
