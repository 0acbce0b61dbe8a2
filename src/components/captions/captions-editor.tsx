import { useState } from "react";
import { languageName } from "../../../common/captions";
import { refusalOf } from "../../lib/api";
import { deleteCaptions, putCaptions } from "../../lib/captions-api";
import { useContentItem, useRefreshContentItem } from "../../queries/content";
import { buttonClass } from "../ui";
import { CaptionRow, type CaptionRowState, emptyRow, rowLanguage } from "./caption-row";

// The content editor's captions (docs/decisions/049): the item's tracks, each removable, and a row to add or
// replace one. Each change is saved at once, apart from the text's Save.

type CaptionsEditorProps = { contentId: string; durationSeconds: number; disabled?: boolean };

export function CaptionsEditor({ contentId, durationSeconds, disabled }: CaptionsEditorProps) {
  const { data: item } = useContentItem(contentId);
  const tracks = item?.captions ?? [];
  const [row, setRow] = useState<CaptionRowState>(emptyRow(0));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const refresh = useRefreshContentItem(contentId);

  const run = async (work: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
      setMessage({ text: done, failed: false });
      await refresh();
      return true;
    } catch (error) {
      console.error(error);
      const reason = refusalOf(error);
      setMessage({ text: reason ? `${failed}: ${reason}` : failed, failed: true });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const lang = rowLanguage(row, []);
  const add = async () => {
    if (!lang || !row.file) return;
    const file = row.file;
    const replacing = tracks.some((t) => t.lang === lang);
    const ok = await run(
      () => putCaptions(contentId, lang, file),
      `Captions in ${languageName(lang)} ${replacing ? "replaced" : "added"}`,
      "Failed to save captions",
    );
    if (ok) setRow((r) => emptyRow(r.key + 1));
  };
  const remove = (track: string) =>
    void run(
      () => deleteCaptions(contentId, track),
      `Captions in ${languageName(track)} removed`,
      "Failed to remove captions",
    );
  const off = disabled || busy;

  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-800 p-3">
      <legend className="px-1 text-sm font-medium text-slate-300">Captions</legend>
      {tracks.length ? (
        <ul className="space-y-1" aria-label="Caption languages">
          {tracks.map((t) => (
            <li key={t.lang} className="flex items-center justify-between gap-2 text-sm text-slate-200">
              <span className="min-w-0 truncate">
                {languageName(t.lang)} <span className="text-slate-500">({t.lang})</span>
              </span>
              <button
                type="button"
                className={buttonClass("secondary", "compact")}
                onClick={() => remove(t.lang)}
                disabled={off}
                aria-label={`Remove captions in ${languageName(t.lang)}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-slate-400">
          No captions yet. Add a WebVTT file (.vtt) per language, at most 512 KiB.
        </p>
      )}
      <CaptionRow
        key={row.key}
        row={row}
        taken={[]}
        durationMs={Math.round(durationSeconds * 1000)}
        onChange={(patch) => setRow((r) => ({ ...r, ...patch }))}
        disabled={off}
      >
        <button type="button" className={buttonClass("secondary")} onClick={() => void add()} disabled={off || !lang}>
          {lang && tracks.some((t) => t.lang === lang) ? "Replace" : "Add"}
        </button>
      </CaptionRow>
      <p role="status" className={`text-sm wrap-anywhere ${message?.failed ? "text-red-400" : "text-emerald-400"}`}>
        {message?.text ?? ""}
      </p>
    </fieldset>
  );
}
