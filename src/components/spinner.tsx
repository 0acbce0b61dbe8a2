/** Shown while we cannot yet decide what to render (auth pending, a screen's code loading). */
export function PageSpinner() {
  return (
    <div className="flex justify-center py-24" role="status">
      <span className="size-8 animate-spin rounded-full border-4 border-slate-700 border-t-violet-500" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
