import type { ReactNode } from "react";

type EmptyStateProps = { title: string; text: string; children?: ReactNode };

/** The wallet's "nothing here yet" box (no report rows, no payments), with what to do next when there is something. */
export function EmptyState({ title, text, children }: EmptyStateProps) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-800 px-6 py-12 text-center">
      <p className="text-lg font-semibold text-slate-200">{title}</p>
      <p className="mt-1 text-slate-400">{text}</p>
      {children}
    </div>
  );
}
