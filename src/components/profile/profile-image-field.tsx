import { useId, useRef, useState, type ChangeEvent } from "react";
import { PROFILE_IMAGES } from "../../../common/profile";
import type { CreatorProfileJson } from "../../../common/schemas/users";
import { refusalOf } from "../../lib/api";
import { prepareProfileImage } from "../../lib/profile-image";
import { removeProfileImage, setProfileImage, type ProfileImageSlot } from "../../lib/profile-api";
import { FileRefused, uploadFile } from "../../lib/upload-file";
import { buttonClass } from "../ui";
import { THUMBNAIL_ACCEPT } from "../upload/upload-rules";

const WORDS = {
  avatar: { title: "Avatar", hint: "Square, shown round: cropped to 256 × 256 px." },
  banner: { title: "Banner", hint: "Wide, across the top of your creator page: cropped to 2048 × 512 px." },
} as const;

type Outcome = { ok: boolean; message: string } | null;

type ProfileImageFieldProps = {
  slot: ProfileImageSlot;
  url: string | null;
  preview: React.ReactNode;
  onSaved: (profile: CreatorProfileJson) => void;
};

/**
 * Change or remove the avatar or the banner, saved at once (docs/decisions/091): the picked image is cropped and
 * scaled here, uploaded as thumbnails are, then set; the server checks it again.
 */
export function ProfileImageField({ slot, url, preview, onSaved }: ProfileImageFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { title, hint } = WORDS[slot];

  async function run(what: () => Promise<CreatorProfileJson>, done: string, failed: string) {
    setBusy(true);
    setOutcome(null);
    try {
      onSaved(await what());
      setOutcome({ ok: true, message: done });
    } catch (error) {
      const reason = refusalOf(error) ?? (error instanceof FileRefused ? error.message : null);
      setOutcome({ ok: false, message: reason ? `${failed} ${reason}` : `${failed} Please try again.` });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    void run(
      async () => {
        const image = await prepareProfileImage(file, slot);
        const key = await uploadFile(image);
        return setProfileImage(slot, key);
      },
      `${title} updated.`,
      `Could not change your ${slot}.`,
    );
  };

  return (
    <div className="space-y-2">
      <h3 id={`${id}-title`} className="text-sm font-medium text-slate-300">
        {title}
      </h3>
      {preview}
      <p id={`${id}-hint`} className="text-xs text-slate-400">
        {hint} JPEG, PNG, WebP or GIF; the stored image is at most {PROFILE_IMAGES[slot].words}.
      </p>
      <div className="flex flex-wrap gap-2">
        <label
          className={`${buttonClass("secondary")} cursor-pointer focus-within:outline-2 focus-within:outline-violet-400`}
        >
          {url ? `Change ${slot}` : `Add ${slot}`}
          <input
            ref={input}
            type="file"
            accept={THUMBNAIL_ACCEPT}
            className="sr-only"
            disabled={busy}
            aria-describedby={`${id}-hint`}
            onChange={pick}
          />
        </label>
        {url ? (
          <button
            type="button"
            className={buttonClass("ghost")}
            disabled={busy}
            onClick={() =>
              void run(() => removeProfileImage(slot), `${title} removed.`, `Could not remove your ${slot}.`)
            }
          >
            Remove {slot}
          </button>
        ) : null}
      </div>
      {busy ? (
        <p role="status" className="text-sm text-slate-400">
          Saving your {slot}…
        </p>
      ) : outcome ? (
        <p
          role={outcome.ok ? "status" : "alert"}
          className={`text-sm ${outcome.ok ? "text-emerald-400" : "text-red-400"}`}
        >
          {outcome.message}
        </p>
      ) : null}
    </div>
  );
}
