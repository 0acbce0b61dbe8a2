import type { ReactNode } from "react";
import { SideScroll } from "../scroll-edges";
import { stackedTable } from "../stacked-table";
import { card } from "../ui";

// Small building blocks every admin tab shares: stat cards, tables, empty states, badges, form fields.

const th = "px-4 py-3 text-left font-medium text-slate-400";
const thNum = `${th} text-right`;
export const td = "px-4 py-3";
export const tdNum = "px-4 py-3 text-right tabular-nums";
/**
 * A cell of text someone typed (an email, a title, a note): it wraps anywhere, even inside a 500-character
 * word, but keeps a readable width when the table is squeezed (docs/decisions/039).
 */
export const tdText = `${td} min-w-48 wrap-anywhere`;
export const fieldClass =
  "w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-slate-100 [color-scheme:dark] " +
  "focus-visible:outline-2 focus-visible:outline-violet-400 aria-invalid:border-red-500";
export const labelClass = "text-sm font-medium text-slate-300";

export type Stat = { label: string; value: string; exact?: string };

export function StatCards({ stats, label }: { stats: Stat[]; label: string }) {
  return (
    <dl
      aria-label={label}
      className={`grid gap-4 ${stats.length === 3 ? "sm:grid-cols-3" : "grid-cols-2 lg:grid-cols-4"}`}
    >
      {stats.map(({ label: name, value, exact }) => (
        <div key={name} className="rounded-2xl border border-slate-800 bg-slate-900/60 p-4">
          <dt className="text-sm text-slate-400">{name}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums" title={exact}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A column heading; `num` ones are right-aligned like their amounts, `hidden` ones are for screen readers. */
export type Column = string | { label: string; num?: boolean; hidden?: boolean };
export const num = (label: string): Column => ({ label, num: true });

/**
 * A table with a (visually hidden) caption that names it for screen readers and tests. On a phone it
 * scrolls inside its box, with fades saying that more columns are there.
 */
export function Table({
  caption,
  columns,
  children,
  stacked = false,
}: {
  caption: string;
  columns: Column[];
  children: ReactNode;
  /** One card per row on a phone, each cell labelled by its `data-label` (stacked-table.ts). */
  stacked?: boolean;
}) {
  return (
    <SideScroll label={caption} className="rounded-2xl border border-slate-800">
      <table className={`w-full text-sm ${stacked ? stackedTable.table : ""}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={`bg-slate-900 ${stacked ? stackedTable.head : ""}`}>
          <tr>
            {columns.map((column) => {
              const { label, num: isNum, hidden } = typeof column === "string" ? { label: column } : column;
              return (
                <th key={label} scope="col" className={isNum ? thNum : th}>
                  {hidden ? <span className="sr-only">{label}</span> : label}
                </th>
              );
            })}
          </tr>
        </thead>
        {/* Top-aligned: a row made tall by a wrapped note keeps its other cells beside the note's start. */}
        <tbody className={`divide-y divide-slate-800 [&>tr]:align-top ${stacked ? stackedTable.body : ""}`}>
          {children}
        </tbody>
      </table>
    </SideScroll>
  );
}

/**
 * A long note in a table: its first lines, the whole text on hover (and in the record's edit dialog). Isolated
 * (`<bdi>`), so a bidi control stored before they were refused cannot reorder what is around it
 * (docs/decisions/108).
 */
export function ClampedText({ text, lines = 3 }: { text: string; lines?: 2 | 3 }) {
  return (
    <span className={`${lines === 2 ? "line-clamp-2" : "line-clamp-3"} min-w-0`} title={text}>
      <bdi>{text}</bdi>
    </span>
  );
}

export function EmptyMessage({ title, text }: { title: string; text?: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-800 px-6 py-10 text-center">
      <p className="font-semibold text-slate-200">{title}</p>
      {text ? <p className="mt-1 text-sm text-slate-400">{text}</p> : null}
    </div>
  );
}

/** A titled card for one part of a tab (an analytics list, the awards history). */
export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-label={title} className={`${card} space-y-4`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

const tones = {
  green: "bg-emerald-500/15 text-emerald-300",
  yellow: "bg-amber-500/15 text-amber-300",
  violet: "bg-violet-500/15 text-violet-200",
  slate: "bg-slate-700/40 text-slate-300",
  red: "bg-red-500/15 text-red-300",
};

export function Badge({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <span data-tone={tone} className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** docs/product-spec.md §4: awarded (and a completed payment) green, any other status yellow. */
export const statusTone = (status: string) => (status === "awarded" || status === "completed" ? "green" : "yellow");

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
