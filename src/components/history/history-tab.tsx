import { useState } from "react";
import { Link } from "react-router";
import { describeFailure } from "../../lib/api";
import { formatDate } from "../../lib/format";
import { clearHistory, forgetHistoryItem } from "../../lib/history-api";
import { useHistory, useRefreshHistory } from "../../queries/history";
import { LoadMore } from "../gallery/load-more";
import { ContentThumbnail } from "../gallery/content-thumbnail";
import { buttonClass } from "../ui";
import { WatchedBar } from "./watched-bar";

export const CLEAR_HISTORY_CONFIRM =
  "Clear your whole watch history? Continue watching and the resume points go; your views and earnings stay.";

/**
 * Profile → History (docs/decisions/045): what the viewer played, the latest first, a page at a time, each
 * with where they left it; remove one, or clear all (asked first). Clearing forgets positions only: views,
 * earnings and the wallet are untouched, which the tab says.
 */
export function HistoryTab() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const history = useHistory();
  const refreshHistory = useRefreshHistory();
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];

  async function change(work: () => Promise<unknown>, failure: string) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      console.error(describeFailure(failure, e));
      setError("That didn't work. Please try again.");
    } finally {
      setBusy(false);
      // Both lists (this tab and Continue watching) read the same history.
      await refreshHistory();
    }
  }
  const remove = (contentId: string) => change(() => forgetHistoryItem(contentId), "Failed to remove from history");
  const clearAll = () => {
    if (!window.confirm(CLEAR_HISTORY_CONFIRM)) return;
    void change(clearHistory, "Failed to clear history");
  };

  if (history.isPending)
    return (
      <p role="status" className="text-slate-400">
        Loading history…
      </p>
    );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-400">
          What you played, latest first. Removing items here never changes your views or earnings.
        </p>
        {entries.length > 0 ? (
          <button type="button" className={buttonClass("secondary")} disabled={busy} onClick={clearAll}>
            Clear all history
          </button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-800 px-6 py-8 text-center text-slate-400">
          Nothing here yet. What you play shows up here, so you can pick up where you left off.
        </p>
      ) : (
        <ul aria-label="Watch history" className="space-y-3">
          {entries.map((entry) => (
            <li
              key={entry.content.id}
              className="flex items-center gap-3 rounded-2xl border border-slate-800 bg-slate-900/60 p-3"
            >
              <Link
                to={`/content/${entry.content.id}`}
                tabIndex={-1}
                aria-hidden="true"
                className="relative aspect-video w-28 shrink-0 overflow-hidden rounded-lg bg-slate-800 sm:w-40"
              >
                <ContentThumbnail item={entry.content} />
              </Link>
              <div className="min-w-0 flex-1 space-y-1">
                <Link
                  to={`/content/${entry.content.id}`}
                  title={entry.content.title}
                  className="line-clamp-2 font-semibold wrap-anywhere text-slate-100 hover:underline focus-visible:underline"
                >
                  {entry.content.title}
                </Link>
                {/* A long name gives way; the date stays whole. */}
                <p className="flex min-w-0 gap-1 text-sm text-slate-400">
                  <span className="truncate">{entry.content.creator_name}</span>
                  <span aria-hidden="true">·</span>
                  <span className="shrink-0">{formatDate(entry.watched_at)}</span>
                </p>
                {entry.finished ? (
                  <p className="text-xs text-slate-400">Watched to the end</p>
                ) : (
                  <WatchedBar positionSeconds={entry.position_seconds} percent={entry.percent} />
                )}
              </div>
              <button
                type="button"
                aria-label={`Remove "${entry.content.title}" from history`}
                title="Remove from history"
                disabled={busy}
                className={`${buttonClass("ghost", "icon")} shrink-0`}
                onClick={() => void remove(entry.content.id)}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {history.hasNextPage ? (
        <LoadMore
          loading={history.isFetchingNextPage}
          auto={!history.isFetchNextPageError}
          onLoadMore={() => void history.fetchNextPage({ cancelRefetch: false })}
        />
      ) : null}
    </div>
  );
}
