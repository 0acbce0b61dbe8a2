import type { ReactNode } from "react";
import { useDocumentTitle } from "../../hooks/use-document-title";

/** A plain-words policy page (Terms, Privacy): one column a reader can follow at any width. */
export function PolicyPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-2xl space-y-6 break-words text-slate-300">
      <header>
        <h1 className="text-2xl font-semibold text-slate-100">{title}</h1>
        <p className="mt-1 text-sm text-slate-400">Last updated {updated}</p>
      </header>
      {children}
    </article>
  );
}

export function PolicySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold text-slate-100">{title}</h2>
      {children}
    </section>
  );
}
