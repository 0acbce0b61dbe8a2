import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useNavigate } from "react-router";
import { useStore } from "zustand";
import { useLeaveWarning } from "../../hooks/use-leave-warning";
import { mediaContentProblem } from "../../lib/upload-file";
import { buttonClass, card } from "../ui";
import { createBulkUploadStore } from "./bulk-upload-store";
import { detailsProblems, hasProblems } from "./details-check";
import { BulkUploadRow } from "./bulk-upload-row";
import { LeaveBulkDialog } from "./leave-bulk-dialog";
import { BulkPreviewsSummary } from "./bulk-previews-summary";
import { MEDIA_ACCEPT, MEDIA_REJECTED, mediaTypeOf } from "./upload-rules";
import { VisibilityField } from "../visibility/visibility-field";
import { PUBLIC_CHOICE, uploadVisibility, visibilityProblem } from "../visibility/visibility-choice";

/** The bulk upload screen's body: file picking, the rows, Upload All and the outcome. */
export function BulkUploadPanel() {
  const navigate = useNavigate();
  const [store] = useState(createBulkUploadStore);
  const items = useStore(store, (s) => s.items);
  const running = useStore(store, (s) => s.running);
  const { addFiles, edit, remove, retry, uploadAll, stopPreviews } = store.getState();
  const picker = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  // Upload All was pressed while a row had a problem: nothing went, and this says why.
  const [blocked, setBlocked] = useState(false);
  // One choice for the whole batch: every file of this Upload All goes out with it.
  const [visibility, setVisibility] = useState(PUBLIC_CHOICE);
  const scheduleProblem = visibilityProblem(visibility);

  // Leaving the screen stops the upload under way instead of letting it run unseen, and the seek previews not made
  // yet (the studio can make them; docs/decisions/105).
  useEffect(
    () => () => {
      upload.current?.abort();
      stopPreviews();
    },
    [stopPreviews],
  );

  // Files whose first bytes are not what their names say (a text file renamed .mp4) are left out before
  // any request, each with its reason; other types by their names.
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    const problems = await Promise.all(files.map(mediaContentProblem));
    const skipped = addFiles(files.filter((_, i) => !problems[i]));
    setRefused([
      ...(skipped.length ? [`Skipped ${skipped.join(", ")}. ${MEDIA_REJECTED}`] : []),
      ...problems.filter((p): p is string => p !== null),
    ]);
  };

  const invalidRows = items.filter((i) => i.status === "pending" && hasProblems(detailsProblems(i)));
  const startUpload = () => {
    // A row the server would refuse holds back the whole batch, so what goes is what the member saw.
    setBlocked(invalidRows.length > 0 || scheduleProblem !== null);
    if (invalidRows.length > 0 || scheduleProblem !== null) return;
    // Files refused when picked are not part of this batch: their red message must not stay above its outcome.
    setRefused([]);
    upload.current = new AbortController();
    void uploadAll(upload.current.signal, uploadVisibility(visibility));
  };

  const hasPending = items.some((i) => i.status === "pending");
  // Files chosen and not uploaded yet would be lost (the upload under way stops too), so leaving asks first.
  const unsent = items.filter((i) => i.status === "pending" || i.status === "uploading").length;
  const leaving = useLeaveWarning(unsent > 0);
  // The last upload finished while the question was open: nothing is lost any more, so go on.
  useEffect(() => {
    if (leaving.state === "blocked" && unsent === 0) leaving.proceed();
  }, [leaving, unsent]);
  const allDone = items.length > 0 && items.every((i) => i.status === "success");
  const failedRows = items.filter((i) => i.status === "error");
  const uploadedCount = items.filter((i) => i.status === "success").length;
  // Once a batch has ended: what happened to each file still in the list (a retried row is pending again and
  // counts in neither; a removed one is gone).
  const showOutcome = !running && uploadedCount + failedRows.length > 0;
  const uploadedVideos = items.flatMap((i) =>
    i.status === "success" && i.contentId && mediaTypeOf(i.file) === "video" ? [i.contentId] : [],
  );
  const uploadLabel = running ? "Uploading..." : allDone ? "All Complete!" : "Upload All";

  return (
    <section className={`${card} space-y-4`} aria-label="Files to upload">
      {leaving.state === "blocked" ? (
        <LeaveBulkDialog
          count={unsent}
          uploading={running}
          onStay={() => leaving.reset()}
          onLeave={() => leaving.proceed()}
        />
      ) : null}
      <input
        ref={picker}
        type="file"
        accept={MEDIA_ACCEPT}
        multiple
        hidden
        onChange={(event) => void choose(event)}
        aria-label="Choose video and audio files"
      />
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={buttonClass("secondary")} onClick={() => picker.current?.click()}>
          Add More Files
        </button>
        <button
          type="button"
          className={buttonClass("primary")}
          onClick={startUpload}
          disabled={running || !hasPending}
        >
          {uploadLabel}
        </button>
        <button type="button" className={`${buttonClass("ghost")} ml-auto`} onClick={() => void navigate("/")}>
          Done
        </button>
      </div>
      <VisibilityField
        value={visibility}
        onChange={setVisibility}
        problem={blocked || visibility.at ? scheduleProblem : null}
        disabled={running}
      />
      {blocked && invalidRows.length > 0 ? (
        <p role="alert" className="text-sm break-words text-red-400">
          Nothing was uploaded: {invalidRows.length === 1 ? "1 file needs" : `${invalidRows.length} files need`} a
          change first ({invalidRows.map((i) => i.file.name).join(", ")}): see the red messages below.
        </p>
      ) : null}
      {showOutcome ? (
        <BulkOutcome
          uploaded={uploadedCount}
          failed={failedRows.map((i) => ({ id: i.id, name: i.file.name, error: i.error }))}
        />
      ) : null}
      <BulkPreviewsSummary ids={uploadedVideos} />
      {refused.length ? (
        <div role="alert" className="space-y-1 text-sm break-words text-red-400">
          {refused.map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </div>
      ) : null}
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-700 px-4 py-12 text-center text-slate-400">
          No files yet. Use Add More Files to choose MP4 videos and MP3 audio tracks.
        </p>
      ) : (
        <ul className="max-h-[60vh] space-y-3 overflow-y-auto pr-1" aria-label="Uploads">
          {items.map((item) => (
            <BulkUploadRow
              key={item.id}
              item={item}
              onEdit={(patch) => edit(item.id, patch)}
              onRemove={() => remove(item.id)}
              onRetry={() => retry(item.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

type BulkOutcomeProps = { uploaded: number; failed: { id: string; name: string; error?: string }[] };

/**
 * The outcome of the batch (docs/decisions/103): how many files went and how many failed, each failed file with
 * its reason, so the member knows what happened to each without reading every row.
 */
function BulkOutcome({ uploaded, failed }: BulkOutcomeProps) {
  const counts = `${uploaded.toLocaleString("en-US")} uploaded${failed.length ? `, ${failed.length.toLocaleString("en-US")} failed` : ""}`;
  if (!failed.length)
    return (
      <p
        role="status"
        className="rounded-lg border border-emerald-900 bg-emerald-950/40 px-3 py-2 text-sm text-emerald-300"
      >
        {counts}
      </p>
    );
  return (
    <div role="alert" className="rounded-lg border border-red-900 bg-red-950/50 px-3 py-2 text-sm text-red-300">
      <p className="font-medium">{counts}</p>
      <ul aria-label="Failed files" className="mt-1 space-y-0.5">
        {failed.map((f) => (
          <li key={f.id} className="wrap-anywhere">
            {f.name}: {f.error ?? "Upload failed"}
          </li>
        ))}
      </ul>
      <p className="mt-1">Some uploads failed. You can retry by clicking Upload All again.</p>
      {/* Failed rows stay failed until reset (docs/product-spec.md §4), so say how to queue them again. */}
      <p className="mt-1 text-red-300/80">Press Retry on a failed file to queue it for the next Upload All.</p>
    </div>
  );
}
