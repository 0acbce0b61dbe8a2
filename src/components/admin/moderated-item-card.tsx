import { useId } from "react";
import { Link } from "react-router";
import { formatDate } from "../../lib/format";
import type { ContentModerationAction } from "../../../common/moderation";
import type { ModeratedItemJson } from "../../../common/schemas/moderation";
import { buttonClass } from "../ui";
import { Badge } from "./admin-ui";
import { memberText, reasonCounts, reasonLabel, reportsText } from "./moderation";

type ModeratedItemCardProps = {
  item: ModeratedItemJson;
  onAction: (action: ContentModerationAction) => void;
  onOpenMember: () => void;
};

const heading = "text-xs font-medium tracking-wide text-slate-400 uppercase";
const linkClass =
  "rounded text-violet-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-violet-400";

/** One reported item: what it is and whose, why members reported it, and what an admin may do about it. */
export function ModeratedItemCard({ item, onAction, onOpenMember }: ModeratedItemCardProps) {
  const titleId = useId();
  const removed = item.status === "removed";
  const counts = reasonCounts(item.counts);
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 font-semibold wrap-anywhere text-slate-100">
          {/* A removed item's page answers "not found" to everyone, so there is nothing to link to. */}
          {removed || item.deleted ? (
            item.title
          ) : (
            <Link to={`/content/${item.content_id}`} className={linkClass}>
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
        <button type="button" aria-haspopup="dialog" className={linkClass} onClick={onOpenMember}>
          {memberText(item.creator_name, item.creator_email)}
        </button>
        {item.creator_suspended ? (
          <span className="ml-2">
            <Badge tone="red">Suspended</Badge>
          </span>
        ) : null}
      </p>
      {removed && item.removed_note ? (
        <p className="text-sm wrap-anywhere text-slate-300">
          <span className="text-slate-400">Takedown note: </span>
          {item.removed_note}
        </p>
      ) : null}
      {counts.length > 0 ? (
        <div>
          <h4 className={heading}>Reasons</h4>
          <ul aria-label="Reasons" className="mt-1 flex flex-wrap gap-2 text-sm">
            {counts.map(({ reason, label, count }) => (
              <li key={reason} className="rounded-full bg-slate-800 px-3 py-0.5 text-slate-200">
                {label} <span className="tabular-nums text-slate-400">×{count}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {item.latest_notes.length > 0 ? (
        <div>
          <h4 className={heading}>Latest notes</h4>
          <ul aria-label="Latest notes" className="mt-1 space-y-1 text-sm">
            {item.latest_notes.map((note, index) => (
              <li key={index} className="wrap-anywhere text-slate-300">
                <span className="text-slate-400">
                  {reasonLabel(note.reason)} · {formatDate(note.created_at)}:{" "}
                </span>
                {note.note}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-xs text-slate-400">
        First reported {formatDate(item.first_reported_at)} · last reported {formatDate(item.last_reported_at)}
      </p>
      <div className="flex flex-wrap gap-2">
        {removed ? (
          <ActionButton label="Restore" name={`Restore ${item.title}`} onClick={() => onAction("restore")} />
        ) : (
          <>
            {item.open_reports > 0 ? (
              <ActionButton
                label="Dismiss"
                name={`Dismiss reports of ${item.title}`}
                onClick={() => onAction("dismiss")}
              />
            ) : null}
            <ActionButton label="Take down" name={`Take down ${item.title}`} onClick={() => onAction("takedown")} />
          </>
        )}
      </div>
    </article>
  );
}

/** Every card has the same buttons, so each one's name says which item it acts on (starting with its text). */
function ActionButton({ label, name, onClick }: { label: string; name: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={name}
      className={buttonClass("secondary")}
      onClick={onClick}
    >
      {label}
    </button>
  );
}
