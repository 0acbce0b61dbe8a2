import { type ReactNode, useId } from "react";
import { languageName, languageTag } from "../../../common/captions";
import { fileInputClass, inputClass, labelClass } from "../upload/form-styles";
import { checkCaptionFile, languageProblem, SUGGESTED_LANGUAGES } from "./caption-file";

/** One language's captions being chosen: the tag typed, the file picked and what its check found. */
export type CaptionRowState = {
  key: number;
  lang: string;
  file: File | null;
  fileError: string | null;
  checking: boolean;
};

export const emptyRow = (key: number): CaptionRowState => ({
  key,
  lang: "",
  file: null,
  fileError: null,
  checking: false,
});

/** What is wrong with a row, or null; an untouched row is not a mistake. */
export function rowProblem(row: CaptionRowState, taken: readonly string[]): string | null {
  if (!row.lang.trim() && !row.file) return null;
  return languageProblem(row.lang, taken) ?? row.fileError ?? (row.file ? null : "Choose a .vtt file");
}

/** The row's language in canonical case, when it is complete and fine. */
export const rowLanguage = (row: CaptionRowState, taken: readonly string[]) =>
  row.file && !row.checking && !rowProblem(row, taken) ? languageTag(row.lang.trim()) : null;

type CaptionRowProps = {
  row: CaptionRowState;
  /** Merged into the row as it then is (a file's check ends after the person may have typed on). */
  onChange: (patch: Partial<CaptionRowState>) => void;
  /** Languages other rows or the item already have. */
  taken: readonly string[];
  /** The item's duration when known: a cue ending after it is refused here as on the server. */
  durationMs?: number;
  disabled?: boolean;
  children?: ReactNode;
};

/** A language and a .vtt file, checked in the browser with the server's parser as soon as it is picked. */
export function CaptionRow({ row, onChange, taken, durationMs, disabled, children }: CaptionRowProps) {
  const id = useId();
  const problem = rowProblem(row, taken);
  const tag = languageTag(row.lang.trim());
  const pick = async (file: File | null) => {
    if (!file) return onChange({ file: null, fileError: null, checking: false });
    onChange({ file, fileError: null, checking: true });
    const checked = await checkCaptionFile(file, durationMs);
    onChange({ file, fileError: checked.ok ? null : checked.error, checking: false });
  };
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-36">
          <label htmlFor={`${id}-lang`} className={labelClass}>
            Language
          </label>
          <input
            id={`${id}-lang`}
            className={inputClass}
            list={`${id}-langs`}
            placeholder="en, pt-BR…"
            maxLength={35}
            value={row.lang}
            disabled={disabled}
            aria-invalid={problem !== null && !row.fileError}
            aria-describedby={problem ? `${id}-problem` : tag ? `${id}-name` : undefined}
            onChange={(event) => onChange({ lang: event.target.value })}
          />
          <datalist id={`${id}-langs`}>
            {SUGGESTED_LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {languageName(lang)}
              </option>
            ))}
          </datalist>
        </div>
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={`${id}-file`} className={labelClass}>
            Captions file (.vtt)
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".vtt,text/vtt"
            className={fileInputClass}
            disabled={disabled}
            onChange={(event) => void pick(event.target.files?.[0] ?? null)}
          />
        </div>
        {children}
      </div>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm wrap-anywhere text-red-400">
          {problem}
        </p>
      ) : tag ? (
        <p id={`${id}-name`} className="text-xs text-slate-400">
          {languageName(tag)}
          {row.checking ? " · checking the file…" : ""}
        </p>
      ) : null}
    </div>
  );
}
