import { useId } from "react";
import { Link } from "react-router";
import type { CommentModerationAction } from "../../../common/moderation";
import type { ModeratedCommentJson } from "../../../common/schemas/moderation";
import { Badge } from "./admin-ui";
import { memberText, reportsText } from "./moderation";
import { ModerationActions, moderationHeading, moderationLinkClass, ReportSummary } from "./report-summary";

type ModeratedCommentCardProps = {
  comment: ModeratedCommentJson;
  onAction: (action: CommentModerationAction) => void;
  onOpenMember: () => void;
};

/**
 * One reported comment (docs/decisions/095): its words (plain text, wrapped anywhere), its author, the item it is
 * under, why members reported it, and Dismiss / Take down / Restore. A comment takedown moves no money.
 */
export function ModeratedCommentCard({ comment, onAction, onOpenMember }: ModeratedCommentCardProps) {
  const textId = useId();
  const removed = comment.status === "removed";
  const name = `the comment by ${comment.author_name}`;
  return (
    <article aria-labelledby={textId} className="space-y-3 rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className={moderationHeading}>Comment</h3>
        <span className="flex flex-wrap gap-2">
          {comment.open_reports > 0 ? <Badge tone="yellow">{reportsText(comment.open_reports)}</Badge> : null}
          {removed ? <Badge tone="red">Removed</Badge> : null}
          {comment.deleted ? <Badge tone="red">Deleted</Badge> : null}
        </span>
      </div>
      <blockquote
        id={textId}
        className="max-h-48 overflow-y-auto border-l-2 border-slate-700 pl-3 text-sm whitespace-pre-wrap wrap-anywhere text-slate-100"
      >
        {comment.text}
      </blockquote>
      <p className="text-sm wrap-anywhere text-slate-300">
        <span className="text-slate-400">Author: </span>
        <button type="button" aria-haspopup="dialog" className={moderationLinkClass} onClick={onOpenMember}>
          {memberText(comment.author_name, comment.author_email)}
        </button>
        {comment.author_suspended ? (
          <span className="ml-2">
            <Badge tone="red">Suspended</Badge>
          </span>
        ) : null}
      </p>
      <p className="text-sm wrap-anywhere text-slate-300">
        <span className="text-slate-400">Under: </span>
        <Link to={`/content/${comment.content_id}#comments`} className={moderationLinkClass}>
          {comment.title}
        </Link>
      </p>
      <ReportSummary
        removedNote={removed ? comment.removed_note : null}
        counts={comment.counts}
        latestNotes={comment.latest_notes}
        firstReportedAt={comment.first_reported_at}
        lastReportedAt={comment.last_reported_at}
      />
      <ModerationActions
        name={name}
        removed={removed}
        deleted={comment.deleted}
        openReports={comment.open_reports}
        onAction={onAction}
      />
    </article>
  );
}
