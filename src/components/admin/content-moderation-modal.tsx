import type { ContentModerationAction } from "../../../common/moderation";
import type { ModeratedItemJson } from "../../../common/schemas/moderation";
import { reportsText } from "./moderation";
import { NoteDecisionModal } from "./note-decision-modal";
import { useModerationActions } from "./use-moderation-actions";

type ContentModerationModalProps = {
  item: ModeratedItemJson;
  action: ContentModerationAction;
  onClose: () => void;
  /** What happened, for the tab's status line. */
  onDone: (outcome: string) => void;
};

const titles = { dismiss: "Dismiss reports", takedown: "Take down content", restore: "Restore content" } as const;
const buttons = { dismiss: "Dismiss", takedown: "Take down", restore: "Restore" } as const;

/** What the action does, so the admin knows before confirming. */
function consequence(item: ModeratedItemJson, action: ContentModerationAction) {
  if (action === "dismiss") return `Closes ${reportsText(item.open_reports)}; the item stays visible.`;
  if (action === "takedown") return "Hides it from everyone but its creator, who sees your note in My Content.";
  return "Makes it visible again in the gallery, search and at its address.";
}

/** Dismiss an item's reports, take it down or restore it, each with a note (a takedown's is for the creator). */
export function ContentModerationModal({ item, action, onClose, onDone }: ContentModerationModalProps) {
  const moderation = useModerationActions();
  return (
    <NoteDecisionModal
      title={titles[action]}
      action={buttons[action]}
      send={async (note) => onDone(await moderation.content(item.content_id, item.title, action, note))}
      failure="Failed to moderate content"
      onClose={onClose}
      // The creator reads a takedown's note, so it cannot be left out.
      noteRequired={action === "takedown"}
      noteHint={action === "takedown" ? "Shown to the creator in My Content, and kept in the audit log" : undefined}
    >
      <p className="text-sm font-medium wrap-anywhere text-slate-200">{item.title}</p>
      <p className="text-sm text-slate-400">{consequence(item, action)}</p>
    </NoteDecisionModal>
  );
}
