import { buttonClass } from "../ui";
import { mediaTypeOf, titleFromFileName } from "../upload/upload-rules";
import { ChooseFrameButton } from "./choose-frame-button";

type UploadFramePickerProps = {
  file: File | null;
  /** The upload form's thumbnail, which publishes it through the thumbnail path like a chosen image. */
  onPick: (image: File) => void;
  disabled?: boolean;
};

/** At upload, a video's frame as the thumbnail (docs/decisions/050); audio keeps its icon or an image. */
export function UploadFramePicker({ file, onPick, disabled }: UploadFramePickerProps) {
  if (!file || mediaTypeOf(file) !== "video") return null;
  const choose = (frame: Blob) =>
    onPick(new File([frame], `${titleFromFileName(file.name)}.jpg`, { type: "image/jpeg" }));
  return (
    <div className="-mt-3 flex flex-wrap items-center gap-3">
      <ChooseFrameButton source={file} onChosen={choose} className={buttonClass("secondary")} disabled={disabled} />
      <span className="text-sm text-slate-400">Scrub the video and use any frame as the thumbnail.</span>
    </div>
  );
}
