import { useMyAppeals } from "../queries/appeals";
import { AppealPanel } from "./appeals/appeal-panel";

/**
 * Tells a member moderators suspended (docs/decisions/027) what that means, where they would otherwise try in vain:
 * the server refuses their uploads, likes, reports and edits. They may appeal it here (docs/decisions/092).
 */
export function SuspendedNotice() {
  const suspension = useMyAppeals().data?.actions.find((a) => a.action === "suspend" && a.in_force);
  return (
    <section aria-label="Account suspended" className="rounded-2xl border border-red-900/60 bg-red-950/40 p-4">
      <h2 className="font-semibold text-red-300">Your account is suspended</h2>
      <p className="mt-1 text-sm text-red-100">
        Moderators suspended your account. You can still sign in and see your wallet, but you cannot upload, like,
        report or edit content, and your views do not earn.
      </p>
      {suspension ? (
        <div className="mt-3 space-y-2">
          {suspension.note ? (
            <p className="text-sm wrap-anywhere text-red-100">Moderators' note: {suspension.note}</p>
          ) : null}
          <AppealPanel action={suspension} />
        </div>
      ) : null}
    </section>
  );
}
