import { useState } from "react";
import { Link } from "react-router";
import { COMMENT_REMOVED_LABEL, COMMENT_SORTS, type CommentSort } from "../../../common/comments";
import { REMOVED_LABEL } from "../../../common/moderation";
import type { MyAppealActionJson } from "../../../common/schemas/appeals";
import type { CommentJson, CommentThreadJson } from "../../../common/schemas/comments";
import { describeFailure, refusalOf } from "../../lib/api";
import { deleteComment, editComment, listReplies, pinComment, postComment } from "../../lib/comments-api";
import { formatDate } from "../../lib/format";
import { useMyAppeals } from "../../queries/appeals";
import { useComments, useRefreshComments } from "../../queries/comments";
import { useAuth } from "../../stores/auth";
import { AppealPanel } from "../appeals/appeal-panel";
import { ReportDialog } from "../content/report-dialog";
import { CreatorAvatar } from "../creator/creator-avatar";
import { buttonClass } from "../ui";
import { CommentComposer } from "./comment-composer";
import { CommentText } from "./comment-text";
import { FormError } from "../form-error";

// The comment section under an item (docs/decisions/093): the count, the sort, the composer, top comments with
// their replies (one level), and Load more. Comments earn nothing and count no view.

const SORT_LABELS: Record<CommentSort, string> = { newest: "Newest", top: "Top" };

/** "1 comment", "12 comments". */
const commentCountLabel = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "comment" : "comments"}`;

export function CommentSection({ contentId }: { contentId: string }) {
  const [sort, setSort] = useState<CommentSort>("newest");
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useComments(contentId, sort);
  const refresh = useRefreshComments(contentId);
  const threads = data?.pages.flatMap((p) => p.items) ?? [];
  const count = data?.pages[0]?.count ?? 0;
  const isCreator = data?.pages[0]?.is_creator ?? false;
  // Only the author is told a comment of theirs was taken down; their appeals load only then (docs/decisions/095).
  const anyTakenDown = threads.some((t) => t.taken_down || t.replies.some((r) => r.taken_down));
  const appeals = useMyAppeals(anyTakenDown).data?.actions ?? [];

  return (
    <section id="comments" aria-labelledby="comments-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="comments-heading" className="text-lg font-semibold">
          {data ? commentCountLabel(count) : "Comments"}
        </h2>
        <div role="group" aria-label="Sort comments" className="flex gap-1">
          {COMMENT_SORTS.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={sort === s}
              className={`${buttonClass(sort === s ? "secondary" : "ghost", "compact")}`}
              onClick={() => setSort(s)}
            >
              {SORT_LABELS[s]}
            </button>
          ))}
        </div>
      </div>
      <CommentComposer
        label="Add a comment"
        submitLabel="Comment"
        onSubmit={async (text) => {
          await postComment(contentId, { text });
          await refresh();
        }}
      />
      {isPending ? <p className="text-sm text-slate-400">Loading comments…</p> : null}
      {isError ? <p className="text-sm text-red-400">Comments could not be loaded.</p> : null}
      {data && threads.length === 0 ? <p className="text-sm text-slate-400">No comments yet. Be the first.</p> : null}
      <ul className="space-y-5">
        {threads.map((thread) => (
          <Thread
            key={thread.id}
            thread={thread}
            contentId={contentId}
            isCreator={isCreator}
            appeals={appeals}
            onChanged={refresh}
          />
        ))}
      </ul>
      {hasNextPage ? (
        <button
          type="button"
          className={buttonClass("secondary")}
          disabled={isFetchingNextPage}
          aria-busy={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          Load more comments
        </button>
      ) : null}
    </section>
  );
}

type ThreadProps = {
  thread: CommentThreadJson;
  contentId: string;
  isCreator: boolean;
  /** The moderation actions against the caller, to find a taken-down comment's takedown and appeal. */
  appeals: MyAppealActionJson[];
  onChanged: () => Promise<unknown>;
};

/** A top comment, its replies (more on demand) and the reply box. */
function Thread({ thread, contentId, isCreator, appeals, onChanged }: ThreadProps) {
  const [replying, setReplying] = useState(false);
  const [more, setMore] = useState<{ items: CommentJson[]; cursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const replies = [...thread.replies, ...(more?.items ?? [])];
  const shown = new Set(replies.map((r) => r.id));
  const moreLeft = more ? more.cursor !== null : thread.reply_count > thread.replies.length;

  async function loadMore() {
    setLoadingMore(true);
    try {
      // The first page again when nothing more was loaded yet: replies already shown are skipped.
      const page = await listReplies(contentId, thread.id, more?.cursor);
      setMore((m) => ({
        items: [...(m?.items ?? []), ...page.items.filter((r) => !shown.has(r.id))],
        cursor: page.nextCursor,
      }));
    } catch (error) {
      console.error(describeFailure("Failed to load replies", error));
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <li className="space-y-3">
      <CommentBody comment={thread} isCreator={isCreator} appeals={appeals} onChanged={onChanged} />
      {thread.removed || thread.taken_down ? null : (
        <div className="pl-11">
          <button
            type="button"
            className="rounded text-sm text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400"
            aria-expanded={replying}
            onClick={() => setReplying((r) => !r)}
          >
            Reply
          </button>
        </div>
      )}
      {replies.length > 0 || replying || moreLeft ? (
        <div className="space-y-3 border-l border-slate-800 pl-4 sm:ml-11">
          {replies.length > 0 ? (
            <ul aria-label={`Replies to ${thread.author_name}`} className="space-y-3">
              {replies.map((reply) => (
                <li key={reply.id}>
                  <CommentBody
                    comment={reply}
                    isCreator={isCreator}
                    appeals={appeals}
                    onChanged={async () => {
                      setMore(null);
                      await onChanged();
                    }}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {moreLeft ? (
            <button
              type="button"
              className={buttonClass("ghost", "compact")}
              disabled={loadingMore}
              aria-busy={loadingMore}
              onClick={() => void loadMore()}
            >
              Show more replies
            </button>
          ) : null}
          {replying ? (
            <CommentComposer
              label={`Reply to ${thread.author_name}`}
              submitLabel="Reply"
              autoFocus
              onCancel={() => setReplying(false)}
              onSubmit={async (text) => {
                await postComment(contentId, { text, parent_id: thread.id });
                setReplying(false);
                setMore(null);
                await onChanged();
              }}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

type BodyProps = {
  comment: CommentJson;
  isCreator: boolean;
  appeals: MyAppealActionJson[];
  onChanged: () => Promise<unknown>;
};

/**
 * One comment: who, when, whether edited or pinned, the words (or "Comment removed") and what the caller may do;
 * to its author, a comment moderators took down shows "Removed by moderators", the note and its appeal.
 */
function CommentBody({ comment, isCreator, appeals, onChanged }: BodyProps) {
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const user = useAuth((s) => s.user);
  if (comment.removed) {
    return <p className="text-sm italic text-slate-500">{COMMENT_REMOVED_LABEL}</p>;
  }

  async function act(what: string, call: () => Promise<unknown>) {
    setProblem(null);
    try {
      await call();
      await onChanged();
    } catch (error) {
      const refusal = refusalOf(error);
      setProblem(refusal ?? `Could not ${what}. Please try again.`);
      if (!refusal) console.error(describeFailure(`Failed to ${what}`, error));
    }
  }
  const remove = () => {
    if (window.confirm(comment.is_mine ? "Delete your comment?" : "Remove this comment from your item?")) {
      void act("delete the comment", () => deleteComment(comment.id));
    }
  };
  const action =
    "rounded text-xs text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400";
  // Members in good standing report others' comments (a suspended member's report would be refused).
  const mayReport = !!user && !user.suspended && !comment.is_mine && !comment.taken_down;
  // The newest takedown of this comment (a restored comment taken down again has a new one).
  const takedown = comment.taken_down ? appeals.find((a) => a.comment?.id === comment.id) : undefined;
  const mayChange = !comment.taken_down && (comment.is_mine || isCreator);

  return (
    <article className="flex min-w-0 gap-3">
      <CreatorAvatar
        creatorId={comment.author_id}
        name={comment.author_name}
        url={comment.author_avatar_url}
        size="md"
      />
      <div className="min-w-0 flex-1 space-y-1">
        {comment.pinned ? <p className="text-xs font-medium text-violet-300">Pinned by creator</p> : null}
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <Link
            to={`/creator/${comment.author_id}`}
            className="min-w-0 rounded font-medium wrap-anywhere text-slate-100 hover:underline focus-visible:outline-2 focus-visible:outline-violet-400"
          >
            {comment.author_name}
          </Link>
          <time dateTime={comment.created_at} className="text-xs text-slate-400">
            {formatDate(comment.created_at)}
          </time>
          {comment.edited_at ? <span className="text-xs text-slate-400">(edited)</span> : null}
        </p>
        {editing ? (
          <CommentComposer
            label="Edit your comment"
            submitLabel="Save"
            initial={comment.text}
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={async (text) => {
              await editComment(comment.id, text);
              setEditing(false);
              await onChanged();
            }}
          />
        ) : (
          <CommentText text={comment.text} clickable={comment.links_clickable} />
        )}
        {comment.taken_down ? (
          <div className="space-y-2 rounded-lg border border-red-900/60 bg-red-950/30 p-3">
            <p className="text-sm wrap-anywhere text-red-200">
              <span className="font-medium">{REMOVED_LABEL}</span>
              {comment.taken_down_note ? `: ${comment.taken_down_note}` : null}
            </p>
            <p className="text-xs text-red-200/80">
              {comment.is_mine
                ? "Only you can see this comment."
                : "Hidden from members: only its author and admins see it."}
            </p>
            {takedown ? <AppealPanel action={takedown} /> : null}
          </div>
        ) : null}
        {!editing && (mayChange || mayReport || comment.taken_down) ? (
          <div className="flex flex-wrap gap-x-3">
            {mayReport ? (
              <button type="button" aria-haspopup="dialog" className={action} onClick={() => setReporting(true)}>
                Report
              </button>
            ) : null}
            {mayChange && comment.is_mine ? (
              <button type="button" className={action} onClick={() => setEditing(true)}>
                Edit
              </button>
            ) : null}
            {mayChange && isCreator && comment.parent_id === null ? (
              <button
                type="button"
                className={action}
                onClick={() => void act("pin the comment", () => pinComment(comment.id, !comment.pinned))}
              >
                {comment.pinned ? "Unpin" : "Pin"}
              </button>
            ) : null}
            {comment.is_mine || (mayChange && isCreator) ? (
              <button type="button" className={action} onClick={remove}>
                {comment.is_mine ? "Delete" : "Remove"}
              </button>
            ) : null}
          </div>
        ) : null}
        {reporting ? (
          <ReportDialog
            target={{ kind: "comment", id: comment.id, authorName: comment.author_name }}
            onClose={() => setReporting(false)}
          />
        ) : null}
        <FormError message={problem} />
      </div>
    </article>
  );
}

/** "N comments" beside the player's details, a jump to the section (the same answer the section loads first). */
export function CommentCountLink({ contentId }: { contentId: string }) {
  const { data } = useComments(contentId, "newest");
  if (!data) return null;
  return (
    <div>
      <dt className="text-slate-400">Comments</dt>
      <dd>
        <a
          href="#comments"
          className="rounded text-slate-200 tabular-nums hover:underline focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          {commentCountLabel(data.pages[0]?.count ?? 0)}
        </a>
      </dd>
    </div>
  );
}
