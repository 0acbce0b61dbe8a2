import { createStore } from "zustand/vanilla";
import type { EarnBlock } from "../../../common/media-floor";
import { ApiError } from "../../lib/api";
import { detailsProblems, hasProblems } from "./details-check";
import type { VisibilityRequest } from "../visibility/visibility-choice";
import { publishBulkItem } from "./publish";
import { isAcceptedMedia, mediaTypeOf, titleFromFileName, type UploadDetails } from "./upload-rules";
import { createStoryboardQueue } from "../../stores/storyboard-jobs";

// The rows of the bulk upload screen (docs/product-spec.md §3 "Bulk upload item", §4).

export type BulkStatus = "pending" | "uploading" | "success" | "error";

export type BulkItem = UploadDetails & {
  id: string;
  file: File;
  thumbnailFile: File | null;
  status: BulkStatus;
  /** 0 to 100. */
  progress: number;
  error?: string;
  /** The new content's id once the row succeeded. */
  contentId?: string;
  /** Why the new item cannot earn (docs/decisions/063); null when it can. */
  earnBlock?: EarnBlock | null;
};

export type BulkEdit = Partial<UploadDetails & { thumbnailFile: File | null }>;

export type BulkUploadState = {
  items: BulkItem[];
  running: boolean;
  /** Adds MP4 and MP3 files as pending rows; returns the names of the files refused. */
  addFiles: (files: File[]) => string[];
  /** Only pending rows can be edited or removed. */
  edit: (id: string, patch: BulkEdit) => void;
  remove: (id: string) => void;
  /** Puts an errored row back to pending, so the next Upload All tries it again. */
  retry: (id: string) => void;
  /**
   * Uploads the pending rows one after another, including rows added meanwhile; a row the server would
   * refuse (an empty title…) is not sent and stays pending with its problem shown (docs/decisions/038).
   */
  /** `publishing`: who may see every item of this batch (docs/decisions/094); public when left out. */
  uploadAll: (signal?: AbortSignal, publishing?: VisibilityRequest) => Promise<void>;
  /**
   * Stops the seek previews being made for this visit's videos (the screen is left): the one under way ends and
   * the waiting ones are forgotten; the studio can make them later (docs/decisions/105).
   */
  stopPreviews: () => void;
};

let lastId = 0;

/** One store per visit of the screen, so rows never leak from one visit (or test) into another. */
export function createBulkUploadStore() {
  return createStore<BulkUploadState>()((set, get) => {
    const patch = (id: string, change: Partial<BulkItem>, onlyIf?: BulkStatus) =>
      set((s) => ({
        items: s.items.map((item) =>
          item.id === id && (!onlyIf || item.status === onlyIf) ? { ...item, ...change } : item,
        ),
      }));

    // Each uploaded video's seek previews, made one at a time in this tab (docs/decisions/105). Made on first use,
    // so a stop (the screen left, or React trying an unmount) never leaves a later visit's queue stopped.
    let previews: ReturnType<typeof createStoryboardQueue> | null = null;

    return {
      items: [],
      running: false,

      addFiles(files) {
        // Callers check each file's first bytes first (mediaContentProblem) and pass only those that pass.
        const accepted = files.filter(isAcceptedMedia);
        const rows = accepted.map<BulkItem>((file) => ({
          id: `bulk-${++lastId}`,
          file,
          title: titleFromFileName(file.name),
          description: "",
          tags: "",
          thumbnailFile: null,
          status: "pending",
          progress: 0,
        }));
        set((s) => ({ items: [...s.items, ...rows] }));
        return files.filter((file) => !accepted.includes(file)).map((file) => file.name);
      },

      edit: (id, change) => patch(id, change, "pending"),
      remove: (id) => set((s) => ({ items: s.items.filter((i) => i.id !== id || i.status !== "pending") })),
      retry: (id) => patch(id, { status: "pending", progress: 0, error: undefined }, "error"),

      async uploadAll(signal, publishing) {
        if (get().running) return;
        set({ running: true });
        try {
          for (;;) {
            // Read afresh each time: rows may have been edited, added or removed during the last upload.
            const item = get().items.find((i) => i.status === "pending" && !hasProblems(detailsProblems(i)));
            if (!item || signal?.aborted) return;
            patch(item.id, { status: "uploading", progress: 0, error: undefined });
            try {
              const published = await publishBulkItem(
                { ...item, publishing },
                (progress) => patch(item.id, { progress }),
                signal,
              );
              patch(item.id, {
                status: "success",
                progress: 100,
                contentId: published.id,
                earnBlock: published.earnBlock,
              });
              // Audio has no seek previews (docs/decisions/102).
              if (mediaTypeOf(item.file) === "video") (previews ??= createStoryboardQueue()).add(published.id);
            } catch (error) {
              if (signal?.aborted) return;
              patch(item.id, { status: "error", error: rowError(error) });
            }
          }
        } finally {
          set({ running: false });
        }
      },

      stopPreviews() {
        previews?.stop();
        previews = null;
      },
    };
  });
}

// The server's own words when it gave a reason (in words: no field path); a bare status code means nothing
// to the user.
function rowError(error: unknown): string {
  if (error instanceof ApiError) return error.body?.error ? error.message : "Upload failed";
  return (error instanceof Error && error.message) || "Upload failed";
}
