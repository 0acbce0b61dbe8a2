import { useId } from "react";
import { Link } from "react-router";
import type { ContentModerationAction } from "../../../common/moderation";
import type { ModeratedItemJson } from "../../../common/schemas/moderation";
import { Badge } from "./admin-ui";
import { memberText, reportsText } from "./moderation";
import { ModerationActions, moderationLinkClass, ReportSummary } from "./report-summary";

type ModeratedItemCardProps = {
  item: ModeratedItemJson;
  onAction: (action: ContentModerationAction) => void;
  onOpenMember: () => void;
};

/** One reported item: what it is and whose, why members reported it, and what an admin may do about it. */
export function ModeratedItemCard({ item, onAction, onOpenMember }: ModeratedItemCardProps) {
  const titleId = useId();
  const removed = item.status === "removed";
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 font-semibold wrap-anywhere text-slate-100">
          {/* A removed item's page answers "not found" to everyone, so there is nothing to link to. */}
          {removed || item.deleted ? (
            item.title
          ) : (
            <Link to={`/content/${item.content_id}`} className={moderationLinkClass}>
              {item.title}
            </Link>
          )}
        </h3>
        <span className="flex flex-wrap gap-2">
          {item.open_reports > 0 ? <Badge tone="yellow">{reportsText(item.open_reports)}</Badge> : null}
          {removed ? <Badge tone="red">Removed</Badge> : null}
          {/* Deleted by its creator or an admin: gone from the product, still in the records (docs/decisions/028). */}
          {item.deleted ? <Badge tone="red">Deleted</Badge> : null}
        </span>
      </div>
      <p className="text-sm wrap-anywhere text-slate-300">
        <span className="text-slate-400">Creator: </span>
        <button type="button" aria-haspopup="dialog" className={moderationLinkClass} onClick={onOpenMember}>
          {memberText(item.creator_name, item.creator_email)}
        </button>
        {item.creator_suspended ? (
          <span className="ml-2">
            <Badge tone="red">Suspended</Badge>
          </span>
        ) : null}
      </p>
      <ReportSummary
        removedNote={removed ? item.removed_note : null}
        counts={item.counts}
        latestNotes={item.latest_notes}
        firstReportedAt={item.first_reported_at}
        lastReportedAt={item.last_reported_at}
      />
      <ModerationActions name={item.title} removed={removed} openReports={item.open_reports} onAction={onAction} />
    </article>
  );
}
