// Class names shared by the upload and profile forms, so every field looks and focuses the same.

export const inputClass =
  "w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-sm text-slate-100 " +
  "placeholder:text-slate-500 focus-visible:border-violet-500 focus-visible:outline-2 " +
  "focus-visible:outline-violet-400 disabled:opacity-60";

export const labelClass = "mb-1 block text-sm font-medium text-slate-300";

/** A file input styled as a button; the input stays visible to keyboards and screen readers. */
export const fileInputClass =
  "block w-full text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-800 " +
  "file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-100 hover:file:bg-slate-700 " +
  "focus-visible:outline-2 focus-visible:outline-violet-400 disabled:opacity-60";
