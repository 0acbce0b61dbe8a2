import { useState, type ChangeEvent } from "react";
import type { ContentJson } from "../../../common/schemas/content";
import { streamUrl } from "../../lib/content-api";
import { ChooseFrameButton } from "../frame-picker/choose-frame-button";
import { ContentThumbnail } from "../gallery/content-thumbnail";
import { THUMBNAIL_ACCEPT, THUMBNAIL_REJECTED, isAcceptedThumbnail } from "../upload/upload-rules";
import { thumbnailFromFrame, thumbnailFromImage, thumbnailFromVideo } from "./thumbnail-flows";

type ThumbnailActionsProps = { item: ContentJson; onChange: (item: ContentJson) => void };

const action =
  "cursor-pointer rounded-lg bg-slate-900/90 px-3 py-1.5 text-xs font-medium text-slate-100 hover:bg-violet-600 " +
  "focus-visible:outline-2 focus-visible:outline-violet-400 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-violet-400";

/**
 * An item's thumbnail; hovering or focusing it reveals ways to replace it (always shown on touch
 * screens, which cannot hover).
 */
export function ThumbnailActions({ item, onChange }: ThumbnailActionsProps) {
  const [busy, setBusy] = useState(false);

  const run = async (flow: () => Promise<ContentJson>) => {
    setBusy(true);
    try {
      onChange(await flow());
    } catch (error) {
      console.error(error instanceof Error ? error.cause : error);
      alert(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const image = event.target.files?.[0];
    event.target.value = "";
    if (!image) return;
    if (!isAcceptedThumbnail(image)) return alert(THUMBNAIL_REJECTED);
    void run(() => thumbnailFromImage(item, image));
  };

  return (
    <div className="group relative aspect-video w-full shrink-0 self-start overflow-hidden rounded-lg bg-slate-800 sm:w-56">
      <ContentThumbnail item={item} />
      <div
        className={
          "absolute inset-0 flex flex-col items-center justify-center gap-2 bg-slate-950/70 transition " +
          (busy
            ? "opacity-100"
            : "opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 pointer-coarse:opacity-100")
        }
      >
        {busy ? (
          <p role="status" className="text-sm text-slate-200">
            Updating thumbnail…
          </p>
        ) : (
          <>
            <label className={action}>
              Upload thumbnail
              <input
                type="file"
                accept={THUMBNAIL_ACCEPT}
                className="sr-only"
                onChange={pick}
                aria-label={`Upload a new thumbnail for ${item.title}`}
              />
            </label>
            {item.type === "video" ? (
              <ChooseFrameButton
                source={streamUrl(item.id)}
                className={action}
                label={`Choose a frame of ${item.title} as its thumbnail`}
                onChosen={(frame) => void run(() => thumbnailFromFrame(item, frame))}
              />
            ) : null}
            {item.type === "video" ? (
              <button
                type="button"
                className={action}
                onClick={() => void run(() => thumbnailFromVideo(item))}
                aria-label={`Generate a thumbnail for ${item.title} from the video`}
              >
                Generate from video
              </button>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
