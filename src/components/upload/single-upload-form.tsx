import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { refusalOf } from "../../lib/api";
import { FileRefused } from "../../lib/upload-file";
import { WontEarn } from "../content/wont-earn";
import { UploadFramePicker } from "../frame-picker/upload-frame-picker";
import { buttonClass, card } from "../ui";
import { detailsProblems, hasProblems } from "./details-check";
import { DetailsFields } from "./details-fields";
import { MediaPicker } from "./media-picker";
import { ProgressBar } from "./progress-bar";
import { SINGLE_STEPS, stepReached } from "./progress-steps";
import { publishSingle, type Published } from "./publish";
import { ThumbnailField } from "./thumbnail-field";
import { UploadCaptionsField, useUploadCaptions } from "../captions/upload-captions";
import { titleFromFileName, type UploadDetails } from "./upload-rules";
import { useUploadThumbnail } from "./use-upload-thumbnail";
import { VisibilityField } from "../visibility/visibility-field";
import { SeekPreviewsStatus } from "./seek-previews-status";
import { startStoryboard } from "../../stores/storyboard-jobs";
import { PUBLIC_CHOICE, uploadVisibility, visibilityProblem } from "../visibility/visibility-choice";
import { FormError } from "../form-error";

/**
 * A refusal the server explained (a title too long, a file that is not what it says, storage full, too many
 * uploads this hour: docs/decisions/030, 038) keeps its words, without the field path; a file refused before
 * sending, its own; a failure nobody explained (network, server error), the spec's sentence.
 */
const failureMessage = (error: unknown) =>
  error instanceof FileRefused ? error.message : (refusalOf(error) ?? "Upload failed. Please try again.");

/** docs/product-spec.md §9: the new content page opens half a second after the upload completes. */
const REDIRECT_DELAY_MS = 500;

export function SingleUploadForm() {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [details, setDetails] = useState<UploadDetails>({ title: "", description: "", tags: "" });
  const { thumbnail, pick, remove } = useUploadThumbnail(file);
  const captions = useUploadCaptions();
  const [visibility, setVisibility] = useState(PUBLIC_CHOICE);
  const [progress, setProgress] = useState<number | null>(null);
  // Set when the new item can't earn: the page stays to say why, instead of opening the item (docs/decisions/063).
  const [blocked, setBlocked] = useState<Published | null>(null);
  // Why the last upload failed, said above the buttons (never a browser alert; docs/decisions/103).
  const [failure, setFailure] = useState<string | null>(null);
  // Published, but some captions were refused: what to do about it, and the way to the item.
  const [captionsNote, setCaptionsNote] = useState<{ id: string; text: string } | null>(null);
  // The new video's seek previews are made in the background once it exists (docs/decisions/102).
  const [madeId, setMadeId] = useState<string | null>(null);
  const uploading = progress !== null;
  const upload = useRef<AbortController | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Leaving the page stops an upload under way (a multipart upload is then discarded on the server).
  useEffect(
    () => () => {
      upload.current?.abort();
      clearTimeout(redirect.current);
    },
    [],
  );

  const selectFile = (next: File | null) => {
    // A title still equal to the previous file's default follows the new file; a typed one stays.
    setDetails((d) =>
      !d.title || (file && d.title === titleFromFileName(file.name))
        ? { ...d, title: next ? titleFromFileName(next.name) : "" }
        : d,
    );
    setFile(next);
  };

  // "Title is required" waits for a file: an empty form is not a mistake yet.
  const problems = detailsProblems(details);
  if (!file) delete problems.title;
  const scheduleProblem = visibilityProblem(visibility);
  const invalid = hasProblems(problems) || scheduleProblem !== null;

  // A draft may have no title yet and takes no visibility (docs/decisions/094); its other fields are still checked.
  const draftProblems = { ...problems };
  delete draftProblems.title;
  const draftInvalid = hasProblems(draftProblems);

  const submit = async (event: FormEvent | null, draft = false) => {
    event?.preventDefault();
    if (!file || uploading || (draft ? draftInvalid : !details.title.trim() || invalid)) return;
    const controller = new AbortController();
    upload.current = controller;
    setFailure(null);
    setProgress(0);
    try {
      const input = { ...details, file, thumbnail: thumbnail.image, publishing: uploadVisibility(visibility), draft };
      const published = await publishSingle(input, setProgress, controller.signal);
      const { id } = published;
      if (file.type.startsWith("video/")) {
        setMadeId(id);
        void startStoryboard(id);
      }
      const captionsRefused = await captions.send(id);
      // Said on the page, and the page stays so it can be read (never a browser alert; docs/decisions/103).
      if (captionsRefused) setCaptionsNote({ id, text: captionsRefused });
      if (published.earnBlock) setBlocked(published);
      else if (!captionsRefused) redirect.current = setTimeout(() => navigate(`/content/${id}`), REDIRECT_DELAY_MS);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error("Upload failed:", error);
      setFailure(failureMessage(error));
      setProgress(null);
    }
  };

  // A frame is being taken: wait for it rather than upload a video without its thumbnail.
  const canSubmit =
    Boolean(file && details.title.trim()) && !invalid && !uploading && !thumbnail.generating && captions.ready;
  const canSaveDraft =
    Boolean(file) && !draftInvalid && !uploading && !thumbnail.generating && captions.ready && !blocked;

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className={`${card} space-y-6`}
      aria-label="Upload content"
      noValidate
    >
      <MediaPicker file={file} onSelect={selectFile} disabled={uploading} />
      <DetailsFields
        details={details}
        problems={problems}
        onChange={(p) => setDetails((d) => ({ ...d, ...p }))}
        disabled={uploading}
      />
      {file ? <ThumbnailField thumbnail={thumbnail} onPick={pick} onRemove={remove} disabled={uploading} /> : null}
      <UploadFramePicker file={file} onPick={pick} disabled={uploading} />
      {file ? <UploadCaptionsField field={captions.field} disabled={uploading} /> : null}
      <VisibilityField
        value={visibility}
        onChange={setVisibility}
        problem={visibility.at ? scheduleProblem : null}
        disabled={uploading}
      />
      {/* Always in the page, so each step is announced as it shows (a region added with its text is not). */}
      <p role="status" className="sr-only">
        {progress === null
          ? ""
          : progress < 100
            ? `Upload progress ${stepReached(progress, SINGLE_STEPS)}%`
            : blocked
              ? "Uploaded, but it won't earn"
              : captionsNote
                ? "Uploaded, but some captions were not saved"
                : "Upload complete. Opening your content…"}
      </p>
      {progress !== null ? (
        <div className="space-y-1">
          {/* Said by the status line above; the bar itself carries the exact value. */}
          <div className="flex justify-between text-sm text-slate-400" aria-hidden="true">
            <span>
              {progress < 100
                ? "Uploading…"
                : blocked || captionsNote
                  ? "Upload complete"
                  : "Upload complete. Opening your content…"}
            </span>
            <span>{progress}%</span>
          </div>
          <ProgressBar value={progress} label="Upload progress" tone={progress === 100 ? "success" : "active"} />
        </div>
      ) : null}
      {madeId ? <SeekPreviewsStatus id={madeId} /> : null}
      {blocked?.earnBlock ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-emerald-400">
            Uploaded <span aria-hidden="true">✓</span> — published, but its views won't be paid.
          </p>
          <WontEarn block={blocked.earnBlock} />
          <Link to={`/content/${blocked.id}`} className="text-sm text-violet-300 underline hover:text-violet-200">
            Open it
          </Link>
        </div>
      ) : null}
      {captionsNote ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <p className="wrap-anywhere text-amber-300">{captionsNote.text}</p>
          <Link to={`/content/${captionsNote.id}`} className="text-violet-300 underline hover:text-violet-200">
            Open it
          </Link>
        </div>
      ) : null}
      <FormError message={failure} />
      <div className="flex flex-wrap justify-end gap-3">
        {/* Private, kept to finish later: publish it from My Content (docs/decisions/094). */}
        <button
          type="button"
          className={buttonClass("secondary", "lg")}
          onClick={() => void submit(null, true)}
          disabled={!canSaveDraft}
        >
          Save as draft
        </button>
        <button type="submit" className={buttonClass("primary", "lg")} disabled={!canSubmit}>
          {blocked || captionsNote ? "Uploaded" : uploading ? "Uploading..." : "Upload"}
        </button>
      </div>
    </form>
  );
}
