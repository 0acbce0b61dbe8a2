import { Link } from "react-router";
import { buttonClass } from "../ui";
import type { BulkItem } from "./bulk-upload-store";
import { ProgressBar } from "./progress-bar";

type BulkRowStatusProps = { item: BulkItem; onRetry: () => void };

/** A row's progress with its percent, and its success or error mark. */
export function BulkRowStatus({ item, onRetry }: BulkRowStatusProps) {
  const tone = item.status === "success" ? "success" : item.status === "error" ? "error" : "active";
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3">
        <ProgressBar value={item.progress} label={`Progress of ${item.file.name}`} tone={tone} />
        <span className="w-10 shrink-0 text-right text-sm tabular-nums text-slate-400">{item.progress}%</span>
      </div>
      {item.status === "success" ? (
        <p className="flex items-center gap-2 text-sm text-emerald-400">
          <span aria-hidden="true">✓</span> Uploaded
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
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex items-center gap-2 text-sm text-red-400">
            <span aria-hidden="true">✕</span>
            <span>
              <span className="sr-only">Failed: </span>
              {item.error ?? "Upload failed"}
            </span>
          </p>
          <button type="button" className={buttonClass("secondary")} onClick={onRetry}>
            Retry
          </button>
        </div>
      ) : null}
    </div>
  );
}
