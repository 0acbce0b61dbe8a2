/**
 * A table that turns into one card per row on a phone (below `sm`; docs/decisions/098): the header row is read
 * by screen readers only, and each cell is a line "Label  value", its label from the cell's `data-label`.
 * On a 390 px screen a wide table scrolled sideways put whole columns (and the row's buttons) off-screen, and
 * a long value in a narrow column made rows hundreds of pixels tall. From `sm` it is the ordinary table.
 * Put `stackedTable.table` on the <table>, `.head` on <thead>, `.body` on <tbody> (it styles the rows and
 * cells), and a `data-label` on each <td>.
 */
export const stackedTable = {
  table: "max-sm:block",
  head: "max-sm:sr-only",
  body:
    "max-sm:block max-sm:[&>tr]:block max-sm:[&>tr]:py-2 " +
    "max-sm:[&>tr>td]:flex max-sm:[&>tr>td]:min-w-0 max-sm:[&>tr>td]:max-w-none max-sm:[&>tr>td]:gap-3 " +
    "max-sm:[&>tr>td]:py-1 max-sm:[&>tr>td]:text-left max-sm:[&>tr>td]:whitespace-normal " +
    "max-sm:[&>tr>td]:before:w-24 max-sm:[&>tr>td]:before:shrink-0 max-sm:[&>tr>td]:before:text-slate-400 " +
    "max-sm:[&>tr>td]:before:content-[attr(data-label)]",
};
