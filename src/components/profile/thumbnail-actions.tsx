import { useId, useState, type ChangeEvent } from "react";
import type { ContentJson } from "../../../common/schemas/content";
import { streamUrl } from "../../lib/content-api";
import { ChooseFrameButton } from "../frame-picker/choose-frame-button";
import { useMediaQuery } from "../../hooks/use-media-query";
import { ContentThumbnail } from "../gallery/content-thumbnail";
import { buttonClass } from "../ui";
import { THUMBNAIL_ACCEPT, THUMBNAIL_REJECTED, isAcceptedThumbnail } from "../upload/upload-rules";
import { thumbnailFromFrame, thumbnailFromImage, thumbnailFromVideo } from "./thumbnail-flows";
import { FormError } from "../form-error";

type ThumbnailActionsProps = { item: ContentJson; onChange: (item: ContentJson) => void };

const focusRing =
  "focus-visible:outline-2 focus-visible:outline-violet-400 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-violet-400";
// Over the thumbnail, where a mouse points: compact. In the touch menu under it: full-size buttons for a finger.
const overlayAction = `cursor-pointer rounded-lg bg-slate-900/90 px-3 py-1.5 text-xs font-medium text-slate-100 hover:bg-violet-600 ${focusRing}`;
const menuAction = `cursor-pointer ${buttonClass("secondary")} ${focusRing}`;

/**
 * An item's thumbnail and the ways to replace it (docs/decisions/103). Where the pointer can hover, hovering or
 * focusing the thumbnail reveals them over it; on touch screens, which cannot hover, they would cover the picture
 * they replace, so a 'Thumbnail' button under it opens them below it instead. Failures are said under it.
 */
export function ThumbnailActions({ item, onChange }: ThumbnailActionsProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const canHover = useMediaQuery("(hover: hover)");
  const menuId = useId();

  const run = async (flow: () => Promise<ContentJson>) => {
    setBusy(true);
    setFailure(null);
    try {
      onChange(await flow());
      setMenuOpen(false);
    } catch (error) {
      console.error(error instanceof Error ? error.cause : error);
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const image = event.target.files?.[0];
    event.target.value = "";
    if (!image) return;
    if (!isAcceptedThumbnail(image)) return setFailure(THUMBNAIL_REJECTED);
    void run(() => thumbnailFromImage(item, image));
  };

  const actions = (action: string) => (
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
  );

  return (
    <div className="w-full shrink-0 space-y-2 self-start sm:w-56">
      <div className="group relative aspect-video w-full overflow-hidden rounded-lg bg-slate-800">
        <ContentThumbnail item={item} />
        {busy ? (
          <div className="absolute inset-0 flex items-center justify-center bg-slate-950/70">
            <p role="status" className="text-sm text-slate-200">
              Updating thumbnail…
            </p>
          </div>
        ) : canHover ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-slate-950/70 opacity-0 transition group-focus-within:opacity-100 group-hover:opacity-100">
            {actions(overlayAction)}
          </div>
        ) : null}
      </div>
      {!canHover && !busy ? (
        <div>
          <button
            type="button"
            className={buttonClass("secondary")}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={`Thumbnail of ${item.title}`}
            onClick={() => setMenuOpen((open) => !open)}
          >
            Thumbnail
          </button>
          {menuOpen ? (
            <div id={menuId} className="mt-2 flex flex-wrap gap-2">
              {actions(menuAction)}
            </div>
          ) : null}
        </div>
      ) : null}
      <FormError message={failure} />
    </div>
  );
}
