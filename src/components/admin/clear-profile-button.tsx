import { useState } from "react";
import { refusalOf } from "../../lib/api";
import { clearMemberProfile } from "../../lib/moderation-api";
import { buttonClass } from "../ui";

export const CLEAR_PROFILE_CONFIRM =
  "Clear this member's bio, links, avatar and banner? They can set new ones; what was there is kept in the audit.";

/** 'Clear profile' on a member's moderation page (docs/decisions/091): for an abusive profile, without suspending. */
export function ClearProfileButton({ userId }: { userId: string }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  async function clear() {
    if (busy || !window.confirm(CLEAR_PROFILE_CONFIRM)) return;
    setBusy(true);
    setOutcome(null);
    try {
      await clearMemberProfile(userId);
      setOutcome({ ok: true, message: "Profile cleared." });
    } catch (error) {
      setOutcome({ ok: false, message: refusalOf(error) ?? "Could not clear the profile. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-1">
      <button type="button" className={buttonClass("secondary")} disabled={busy} onClick={() => void clear()}>
        Clear profile
      </button>
      {outcome ? (
        <p
          role={outcome.ok ? "status" : "alert"}
          className={`text-sm ${outcome.ok ? "text-emerald-400" : "text-red-400"}`}
        >
          {outcome.message}
        </p>
      ) : null}
    </div>
  );
}
