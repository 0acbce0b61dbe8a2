import { useState } from "react";
import { Link } from "react-router";
import { itemEarnBlock } from "../../../common/media-floor";
import { REMOVED_LABEL } from "../../../common/moderation";
import { ApiError } from "../../lib/api";
import { deleteContent } from "../../lib/content-api";
import { splitTags } from "../../../common/tags";
import { formatDate } from "../../lib/format";
import type { ContentJson } from "../../../common/schemas/content";
import { useEarningRules } from "../../queries/earning-rules";
import { AppealPanel } from "../appeals/appeal-panel";
import { useMyAppeals } from "../../queries/appeals";
import { WontEarn } from "../content/wont-earn";
import { buttonClass } from "../ui";
import { ContentEditor } from "../studio/content-editor";
import { ThumbnailActions } from "./thumbnail-actions";
import { VisibilityBadge } from "../visibility/visibility-badge";

type MyContentItemProps = {
  item: ContentJson;
  onChange: (item: ContentJson) => void;
  onDeleted: () => void;
  /** The item was deleted elsewhere (another tab): it leaves the list, which loads again. */
  onGone: () => void;
};

/** One of the user's uploads: view mode, or edit mode after Edit (docs/product-spec.md §4 "Profile content item"). */
export function MyContentItem({ item, onChange, onDeleted, onGone }: MyContentItemProps) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // A failed delete, said beside the buttons (never a browser alert).
  const [deleteFailed, setDeleteFailed] = useState(false);
  // Why its views can't earn, if they can't (docs/decisions/063): the stored media floor, or too short by the
  // admin's current rule. Nothing until the rules arrive, as "too short" comes first and no minimum is guessed.
  const minSeconds = useEarningRules()?.min_earning_seconds;
  const earnBlock =
    minSeconds === undefined ? null : itemEarnBlock(item.duration * 1000, item.earn_block ?? null, minSeconds);

  const remove = async () => {
    if (!window.confirm(`Are you sure you want to delete "${item.title}"? This action cannot be undone.`)) return;
    setDeleting(true);
    setDeleteFailed(false);
    try {
      await deleteContent(item.id);
      onDeleted();
    } catch (error) {
      // Already deleted (in another tab): what the member wanted is done, and the list is out of date.
      if (error instanceof ApiError && error.status === 404) return onGone();
      console.error(error);
      setDeleteFailed(true);
      setDeleting(false);
    }
  };

  const saved = (updated: ContentJson) => {
    onChange(updated);
    setEditing(false);
  };

  const tags = splitTags(item.tags);
  return (
    <li
      className="flex flex-col gap-4 rounded-2xl border border-slate-800 bg-slate-900/60 p-4 sm:flex-row"
      aria-label={item.title || "Untitled draft"}
    >
      <ThumbnailActions item={item} onChange={onChange} />
      {editing ? (
        <ContentEditor item={item} onSaved={saved} onCancel={() => setEditing(false)} onGone={onGone} />
      ) : (
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          {/* Clamped, with the whole text on hover and on the item's own page (docs/decisions/039). */}
          <h3 className="line-clamp-2 font-semibold wrap-anywhere text-slate-100" title={item.title}>
            {item.title || "Untitled draft"}
          </h3>
          <VisibilityBadge item={item} className="self-start" />
          {item.removed ? <RemovedNotice contentId={item.id} note={item.removed_note ?? null} /> : null}
          {earnBlock ? <WontEarn block={earnBlock} className="self-start" /> : null}
          {item.description ? (
            <p className="line-clamp-3 text-sm wrap-anywhere text-slate-400" title={item.description}>
              {item.description}
            </p>
          ) : null}
          {tags.length ? (
            <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
              {tags.map((tag) => (
                <li
                  key={tag}
                  className="max-w-full truncate rounded-full bg-slate-800 px-2 py-0.5 text-xs text-slate-300"
                  title={tag}
                >
                  {tag}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="text-xs text-slate-400">
            {item.type === "video" ? "Video" : "Audio"} · Uploaded {formatDate(item.created_at)}
            {/* The comments the public sees under it (docs/decisions/095). */}
            {item.comment_count !== undefined
              ? ` · ${item.comment_count.toLocaleString("en-US")} ${item.comment_count === 1 ? "comment" : "comments"}`
              : null}
          </p>
          <div className="mt-auto flex gap-2 pt-2">
            <button
              type="button"
              className={buttonClass("secondary")}
              onClick={() => setEditing(true)}
              disabled={deleting}
            >
              Edit
            </button>
            {/* The item's studio: views, earnings, where viewers stop (docs/decisions/048). */}
            <Link to={`/studio/${item.id}`} className={buttonClass("secondary")} aria-label={`Stats for ${item.title}`}>
              Stats
            </Link>
            <button type="button" className={buttonClass("ghost")} onClick={() => void remove()} disabled={deleting}>
              Delete
            </button>
          </div>
          {deleteFailed ? (
            <p role="alert" className="text-sm text-red-400">
              Failed to delete content
            </p>
          ) : null}
        </div>
      )}
    </li>
  );
}

/**
 * Moderators took the item down (docs/decisions/027): said first, with their note, so it is never taken for public;
 * then the creator's appeal of the takedown, or the way to send one (docs/decisions/092).
 */
function RemovedNotice({ contentId, note }: { contentId: string; note: string | null }) {
  // Newest first: the first takedown of this item is the one in force.
  const takedown = useMyAppeals().data?.actions.find((a) => a.action === "takedown" && a.content_id === contentId);
  return (
    <div className="space-y-1 rounded-lg border border-red-900/60 bg-red-950/40 p-3 text-sm">
      <p className="font-semibold text-red-300">{REMOVED_LABEL}</p>
      {note ? <p className="wrap-anywhere text-red-100">{note}</p> : null}
      <p className="text-red-200/80">
        Only you can see it: it is not in the gallery or search, and its page says not found.
      </p>
      {takedown ? <AppealPanel action={takedown} /> : null}
    </div>
  );
}
