import type { CommentModerationAction } from "../../../common/moderation";
import type { ModeratedCommentJson } from "../../../common/schemas/moderation";
import { reportsText } from "./moderation";
import { NoteDecisionModal } from "./note-decision-modal";
import { useModerationActions } from "./use-moderation-actions";

type CommentModerationModalProps = {
  comment: ModeratedCommentJson;
  action: CommentModerationAction;
  onClose: () => void;
  /** What happened, for the tab's status line. */
  onDone: (outcome: string) => void;
};

const titles = { dismiss: "Dismiss reports", takedown: "Take down comment", restore: "Restore comment" } as const;
const buttons = { dismiss: "Dismiss", takedown: "Take down", restore: "Restore" } as const;

/** What the action does, so the admin knows before confirming (docs/decisions/095). */
function consequence(comment: ModeratedCommentJson, action: CommentModerationAction) {
  if (action === "dismiss") return `Closes ${reportsText(comment.open_reports)}; the comment stays visible.`;
  if (action === "takedown")
    return "Hides it from everyone but its author, who sees your note under the item and may appeal.";
  return "Shows it under the item again.";
}

/** Dismiss a comment's reports, take it down or restore it, each with a note (a takedown's is for the author). */
export function CommentModerationModal({ comment, action, onClose, onDone }: CommentModerationModalProps) {
  const moderation = useModerationActions();
  return (
    <NoteDecisionModal
      title={titles[action]}
      action={buttons[action]}
      send={async (note) => onDone(await moderation.comment(comment.comment_id, comment.author_name, action, note))}
      failure="Failed to moderate comment"
      onClose={onClose}
      noteRequired={action === "takedown"}
      noteHint={action === "takedown" ? "Shown to the author under the item, and kept in the audit log" : undefined}
    >
      <p className="line-clamp-4 text-sm whitespace-pre-wrap wrap-anywhere text-slate-200">{comment.text}</p>
      <p className="text-sm text-slate-400">{consequence(comment, action)}</p>
    </NoteDecisionModal>
  );
}
