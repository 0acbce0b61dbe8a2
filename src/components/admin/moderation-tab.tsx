import { useState } from "react";
import { FilterToggle } from "../filter-toggle";
import { getModerationQueue, type ModerationFilter } from "../../lib/moderation-api";
import { queryKeys } from "../../lib/query-keys";
import type { CommentModerationAction, ContentModerationAction } from "../../../common/moderation";
import type { ModeratedCommentJson, ModeratedItemJson } from "../../../common/schemas/moderation";
import { PageSpinner } from "../spinner";
import { buttonClass } from "../ui";
import { EmptyMessage } from "./admin-ui";
import { CommentModerationModal } from "./comment-moderation-modal";
import { ContentModerationModal } from "./content-moderation-modal";
import { AppealsSection } from "./appeals-section";
import { MemberModal } from "./member-modal";
import { ModeratedCommentCard } from "./moderated-comment-card";
import { ModeratedItemCard } from "./moderated-item-card";
import { useAdminQuery } from "../../queries/admin";

/** The queue's two lists, and the members' appeals (docs/decisions/092). */
type ModerationView = ModerationFilter | "appeals";

const filters: [filter: ModerationView, label: string][] = [
  ["open", "Open"],
  ["removed", "Removed"],
  ["appeals", "Appeals"],
];

const empty = { open: "No open reports", removed: "No removed items or comments" } as const;

type Deciding =
  | { kind: "item"; item: ModeratedItemJson; action: ContentModerationAction }
  | { kind: "comment"; comment: ModeratedCommentJson; action: CommentModerationAction };

/** Newest report first, whatever order the server sent (one card per item or comment: the server groups them). */
const newestFirst = <T extends { last_reported_at: string }>(items: T[]) =>
  [...items].sort((a, b) => b.last_reported_at.localeCompare(a.last_reported_at));

/**
 * Moderation tab (docs/decisions/027): items members reported, one card per item, newest report first; or the items
 * taken down. An admin dismisses the reports, takes the item down (the creator reads the note) or restores
 * it, and opens the creator's page to suspend them. Reported (or taken-down) comments follow, one card per comment
 * (docs/decisions/095). Appeals of takedowns and suspensions are the third list.
 */
export function ModerationTab() {
  const [view, setView] = useState<ModerationView>("open");
  const [outcome, setOutcome] = useState("");
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FilterToggle label="Show items" options={filters} value={view} onChange={setView} />
        <p role="status" className="text-sm wrap-anywhere text-violet-300">
          {outcome}
        </p>
      </div>
      {view === "appeals" ? (
        <AppealsSection onDone={setOutcome} />
      ) : (
        <ModerationQueue filter={view} onDone={setOutcome} />
      )}
    </div>
  );
}

/** Items with open reports, or taken down, one card per item. */
function ModerationQueue({ filter, onDone }: { filter: ModerationFilter; onDone: (outcome: string) => void }) {
  const queue = useAdminQuery(
    queryKeys.admin.moderationQueue(filter),
    (signal) => getModerationQueue(filter, signal),
    "Failed to load the moderation queue",
  );
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [member, setMember] = useState<{ id: string; email: string } | null>(null);

  const items = newestFirst(queue.data?.items ?? []);
  const comments = newestFirst(queue.data?.comments ?? []);
  return (
    <>
      {queue.firstLoad ? (
        <PageSpinner />
      ) : queue.failed ? (
        // Not the empty state: "No open reports" would tell the admin there is nothing to look at.
        <div role="alert" className="space-y-3 rounded-2xl border border-dashed border-red-900 px-6 py-10 text-center">
          <p className="font-semibold text-slate-200">The moderation queue could not be loaded</p>
          <button type="button" className={buttonClass("secondary")} onClick={queue.reload}>
            Try again
          </button>
        </div>
      ) : items.length === 0 && comments.length === 0 ? (
        <EmptyMessage title={empty[filter]} />
      ) : (
        <>
          {items.length > 0 ? (
            <ul aria-label={filter === "open" ? "Reported items" : "Removed items"} className="space-y-4">
              {items.map((item) => (
                <li key={item.content_id}>
                  <ModeratedItemCard
                    item={item}
                    onAction={(action) => setDeciding({ kind: "item", item, action })}
                    onOpenMember={() => setMember({ id: item.creator_id, email: item.creator_email })}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {comments.length > 0 ? (
            <section aria-labelledby="moderated-comments-heading" className="space-y-3">
              <h2 id="moderated-comments-heading" className="text-lg font-semibold text-slate-100">
                {filter === "open" ? "Reported comments" : "Removed comments"}
              </h2>
              <ul aria-label={filter === "open" ? "Reported comments" : "Removed comments"} className="space-y-4">
                {comments.map((comment) => (
                  <li key={comment.comment_id}>
                    <ModeratedCommentCard
                      comment={comment}
                      onAction={(action) => setDeciding({ kind: "comment", comment, action })}
                      onOpenMember={() => setMember({ id: comment.author_id, email: comment.author_email })}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
      {deciding?.kind === "item" ? (
        <ContentModerationModal
          item={deciding.item}
          action={deciding.action}
          onClose={() => setDeciding(null)}
          onDone={onDone}
        />
      ) : null}
      {deciding?.kind === "comment" ? (
        <CommentModerationModal
          comment={deciding.comment}
          action={deciding.action}
          onClose={() => setDeciding(null)}
          onDone={onDone}
        />
      ) : null}
      {member ? <MemberModal member={member} onClose={() => setMember(null)} /> : null}
    </>
  );
}
