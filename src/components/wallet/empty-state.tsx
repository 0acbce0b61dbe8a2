type EmptyStateProps = { title: string; text: string };

/** The wallet's "nothing here yet" box (no report rows, no payments). */
export function EmptyState({ title, text }: EmptyStateProps) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-800 px-6 py-12 text-center">
      <p className="text-lg font-semibold text-slate-200">{title}</p>
      <p className="mt-1 text-slate-400">{text}</p>
    </div>
  );
}
