import { useRef, useState } from "react";
import { languageName } from "../../../common/captions";
import { refusalOf } from "../../lib/api";
import { putCaptions } from "../../lib/captions-api";
import { buttonClass } from "../ui";
import { CaptionRow, type CaptionRowState, emptyRow, rowLanguage, rowProblem } from "./caption-row";

// Captions chosen on the upload form (docs/decisions/049): a row per language, each file checked in the browser
// with the server's parser; they are sent once the item exists, right after it is published.

/** The upload form's captions: its rows, whether they let the form submit, and the sending after publishing. */
export function useUploadCaptions() {
  const [rows, setRows] = useState<CaptionRowState[]>([]);
  const next = useRef(1);
  const takenBy = (key: number) => rows.filter((r) => r.key !== key).flatMap((r) => rowLanguage(r, []) ?? []);
  const ready = rows.every((r) => !r.checking && rowProblem(r, takenBy(r.key)) === null);
  /** Sends every complete row to the new item; the words of any refusal, or null when all were stored. */
  const send = async (contentId: string): Promise<string | null> => {
    const failures: string[] = [];
    for (const row of rows) {
      const lang = rowLanguage(row, takenBy(row.key));
      if (!lang || !row.file) continue;
      try {
        await putCaptions(contentId, lang, row.file);
      } catch (error) {
        failures.push(`${languageName(lang)}: ${refusalOf(error) ?? "could not be saved"}`);
      }
    }
    return failures.length
      ? `Your content was published, but some captions were not saved. ${failures.join(" ")} You can add them again from My Content.`
      : null;
  };
  const field = {
    rows,
    takenBy,
    add: () => setRows((all) => [...all, emptyRow(next.current++)]),
    change: (key: number, patch: Partial<CaptionRowState>) =>
      setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r))),
    remove: (key: number) => setRows((all) => all.filter((r) => r.key !== key)),
  };
  return { field, ready, send };
}

type UploadCaptionsProps = { field: ReturnType<typeof useUploadCaptions>["field"]; disabled?: boolean };

/** Optional captions, one WebVTT file per language. */
export function UploadCaptionsField({ field, disabled }: UploadCaptionsProps) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-slate-300">Captions (optional)</legend>
      <p className="text-xs text-slate-400">WebVTT files (.vtt), one per language, at most 512 KiB each.</p>
      {field.rows.map((row) => (
        <CaptionRow
          key={row.key}
          row={row}
          taken={field.takenBy(row.key)}
          onChange={(patch) => field.change(row.key, patch)}
          disabled={disabled}
        >
          <button
            type="button"
            className={buttonClass("secondary")}
            onClick={() => field.remove(row.key)}
            disabled={disabled}
          >
            Remove
          </button>
        </CaptionRow>
      ))}
      <button type="button" className={buttonClass("secondary")} onClick={field.add} disabled={disabled}>
        Add captions
      </button>
    </fieldset>
  );
}
