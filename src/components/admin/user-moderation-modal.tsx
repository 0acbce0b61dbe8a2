import type { UserModerationAction } from "../../../common/moderation";
import { NoteDecisionModal } from "./note-decision-modal";
import { useModerationActions } from "./use-moderation-actions";

type UserModerationModalProps = {
  user: { id: string; email: string };
  action: UserModerationAction;
  onClose: () => void;
  /** What happened, for the screen's status line. */
  onDone?: (outcome: string) => void;
};

const titles = { suspend: "Suspend member", unsuspend: "Unsuspend member" } as const;
const buttons = { suspend: "Suspend", unsuspend: "Unsuspend" } as const;
const consequences = {
  suspend: "They can still sign in and see their wallet, but can no longer upload, like, report, edit or earn.",
  unsuspend: "They can upload, like, report and earn again.",
} as const;

/** Suspend a member or lift a suspension, with a note (a suspension needs one: it is the record of why). */
export function UserModerationModal({ user, action, onClose, onDone }: UserModerationModalProps) {
  const moderation = useModerationActions();
  return (
    <NoteDecisionModal
      title={titles[action]}
      action={buttons[action]}
      send={async (note) => {
        // Sent first, then told: `onDone?.(await …)` would skip the request itself when nobody listens.
        const outcome = await moderation.user(user.id, user.email, action, note);
        onDone?.(outcome);
      }}
      failure="Failed to moderate member"
      onClose={onClose}
      noteRequired={action === "suspend"}
    >
      <p className="text-sm font-medium wrap-anywhere text-slate-200">{user.email}</p>
      <p className="text-sm text-slate-400">{consequences[action]}</p>
    </NoteDecisionModal>
  );
}
