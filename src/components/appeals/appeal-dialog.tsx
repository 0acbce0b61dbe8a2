import { useEffect, useId, useRef, useState } from "react";
import { APPEAL_TEXT_MAX, APPEAL_TEXT_MIN } from "../../../common/appeals";
import { visibleLength } from "../../../common/member-text";
import type { MyAppealActionJson } from "../../../common/schemas/appeals";
import { ApiError, describeFailure, refusalOf } from "../../lib/api";
import { useSendAppeal } from "../../queries/appeals";
import { Modal } from "../modal";
import { buttonClass } from "../ui";
import { inputClass, labelClass } from "../upload/form-styles";
import { FormError } from "../form-error";

type AppealDialogProps = { action: MyAppealActionJson; onClose: () => void };

/** What the member is asked, by the kind of action. */
const asks = {
  takedown: (title: string) => `Tell the moderators why “${title}” should be restored.`,
  suspend: () => "Tell the moderators why your account should be reinstated.",
  comment_takedown: (title: string) => `Tell the moderators why your comment on “${title}” should be restored.`,
} as const;
const titles = {
  takedown: "Appeal the takedown",
  suspend: "Appeal the suspension",
  comment_takedown: "Appeal the comment's removal",
} as const;

/** The server's refusal in words (already appealed, undone, too late, too many), or null for a failure of ours. */
function appealRefusal(error: unknown): string | null {
  if (error instanceof ApiError && error.status === 429)
    return "You have sent too many appeals. Please try again later.";
  return refusalOf(error);
}

/**
 * The member's appeal of a takedown or a suspension (docs/decisions/092): one text with its character count,
 * checked here as the server checks it; a refusal shows in the dialog; once sent, the dialog says so until closed.
 */
export function AppealDialog({ action, onClose }: AppealDialogProps) {
  const id = useId();
  const send = useSendAppeal();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const title = titles[action.action];
  const length = text.trim().length;

  const submit = () => {
    // The minimum counts only what shows, as the server does (docs/decisions/106); the maximum, every unit.
    if (visibleLength(text) < APPEAL_TEXT_MIN) return setProblem(`Write at least ${APPEAL_TEXT_MIN} characters.`);
    if (length > APPEAL_TEXT_MAX) return setProblem(`Keep your appeal to ${APPEAL_TEXT_MAX} characters or fewer.`);
    setProblem(null);
    send.mutate(
      { action_id: action.action_id, text: text.trim() },
      {
        onError: (error) => {
          const refusal = appealRefusal(error);
          // A refusal is an answer, shown; anything else is a failure of ours, logged as well.
          if (!refusal) console.error(describeFailure("Failed to send appeal", error));
          setProblem(refusal ?? "Your appeal could not be sent. Please try again.");
        },
      },
    );
  };

  return (
    <Modal title={title} onClose={onClose}>
      {/* Always in the page, so the outcome is announced when it appears. */}
      <div role="status">{send.data ? <AppealSent onClose={onClose} /> : null}</div>
      {send.data ? null : (
        <form
          noValidate
          aria-label={title}
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <p className="text-sm wrap-anywhere text-slate-300">
            {asks[action.action](action.title ?? "")} You can appeal once; an admin reads it and decides.
          </p>
          <div>
            <label htmlFor={`${id}-text`} className={labelClass}>
              Your appeal
            </label>
            <textarea
              id={`${id}-text`}
              data-autofocus
              rows={6}
              maxLength={APPEAL_TEXT_MAX}
              value={text}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${id}-count${problem ? ` ${id}-problem` : ""}`}
              onChange={(event) => setText(event.currentTarget.value)}
              className={inputClass}
            />
            <p id={`${id}-count`} className="mt-1 text-xs text-slate-400">
              {text.length}/{APPEAL_TEXT_MAX} characters (at least {APPEAL_TEXT_MIN})
            </p>
          </div>
          <FormError message={problem} id={`${id}-problem`} />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonClass("secondary")} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={buttonClass()} disabled={send.isPending}>
              {send.isPending ? "Sending..." : "Submit"}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** The appeal arrived: said so, and how the answer comes. */
function AppealSent({ onClose }: { onClose: () => void }) {
  const done = useRef<HTMLButtonElement>(null);
  // The form (and the button that had focus) is gone: focus moves to the one way on.
  useEffect(() => done.current?.focus(), []);
  return (
    <div className="space-y-4">
      <p className="font-medium text-emerald-300">Appeal sent</p>
      <p className="text-sm text-slate-300">An admin will review it. You will hear the decision on the bell.</p>
      <div className="flex justify-end">
        <button ref={done} type="button" className={buttonClass()} onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}
