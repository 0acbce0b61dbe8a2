import { Link } from "react-router";
import { WontEarn } from "../content/wont-earn";
import { buttonClass } from "../ui";
import type { BulkItem } from "./bulk-upload-store";
import { BULK_STEPS, stepReached } from "./progress-steps";
import { ProgressBar } from "./progress-bar";

type BulkRowStatusProps = { item: BulkItem; onRetry: () => void };

/**
 * A row's progress with its percent and its success mark or Retry: on the row's first line on a wide screen,
 * on a line of its own, the row's whole width, on a phone (beside the name it was a sliver of 30 px).
 */
export function BulkRowStatus({ item, onRetry }: BulkRowStatusProps) {
  const tone = item.status === "success" ? "success" : item.status === "error" ? "error" : "active";
  // On a phone a row that has not started shows no empty bar: its line would only make the list longer.
  const waiting = item.status === "pending" ? "max-sm:hidden" : "";
  return (
    <>
      {/* Always in the row, so each step is announced as it shows (a region added with its text is not);
          sr-only is positioned absolutely, so it takes no place in the row's lines. */}
      <span role="status" className="sr-only">
        {announcement(item)}
      </span>
      <div className={`order-last flex basis-full items-center gap-3 sm:order-none sm:min-w-16 sm:flex-1 ${waiting}`}>
        <ProgressBar value={item.progress} label={`Progress of ${item.file.name}`} tone={tone} />
        <span className="w-10 shrink-0 text-right text-sm tabular-nums text-slate-400" aria-hidden="true">
          {item.progress}%
        </span>
        {item.status === "success" ? (
          <p className="flex shrink-0 items-center gap-2 text-sm text-emerald-400">
            <span aria-hidden="true">✓</span>
            <span className="sr-only sm:not-sr-only">Uploaded</span>
            {item.contentId ? (
              <Link
                to={`/content/${item.contentId}`}
                className="rounded text-violet-300 underline hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-violet-400"
              >
                View
              </Link>
            ) : null}
          </p>
        ) : null}
        {item.status === "error" ? (
          <button type="button" className={`${buttonClass("secondary", "compact")} shrink-0`} onClick={onRetry}>
            Retry
          </button>
        ) : null}
      </div>
    </>
  );
}

/** A finished row whose item can't earn says so, and why, on a line of its own (docs/decisions/063). */
export function BulkRowEarnBlock({ item }: { item: BulkItem }) {
  if (item.status !== "success" || !item.earnBlock) return null;
  return <WontEarn block={item.earnBlock} />;
}

/** The error mark and message of a failed row, on a line of its own so the message is read whole. */
export function BulkRowError({ item }: { item: BulkItem }) {
  if (item.status !== "error") return null;
  return (
    <p className="flex items-center gap-2 text-sm text-red-400">
      <span aria-hidden="true">✕</span>
      <span>
        <span className="sr-only">Failed: </span>
        {item.error ?? "Upload failed"}
      </span>
    </p>
  );
}

function announcement(item: BulkItem) {
  switch (item.status) {
    case "uploading":
      return `${item.file.name}: ${stepReached(item.progress, BULK_STEPS)}%`;
    case "success":
      return item.earnBlock ? `${item.file.name}: uploaded, but it won't earn` : `${item.file.name}: uploaded`;
    case "error":
      return `${item.file.name}: failed, ${item.error ?? "Upload failed"}`;
    default:
      return "";
  }
}
