import { useState } from "react";
import { useNavigate } from "react-router";
import { api, refusalOf } from "../../lib/api";
import { useAuth } from "../../stores/auth";
import { buttonClass, card } from "../ui";

export const SIGN_OUT_EVERYWHERE_CONFIRM =
  "Sign out of all devices, this one included? You will need to sign in again on each of them.";

/**
 * "Sign out of all devices" (docs/product-spec.md §2 "Profile Settings"): ends every session of the member on
 * the server, this browser's too, then shows the signed-out home page.
 */
export function SignOutEverywhere() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const signOutEverywhere = async () => {
    if (busy || !window.confirm(SIGN_OUT_EVERYWHERE_CONFIRM)) return;
    setBusy(true);
    setFailure(null);
    try {
      await api.DELETE("/api/users/me/sessions");
    } catch (error) {
      setFailure(refusalOf(error) ?? "Could not sign out of your devices. Please try again.");
      setBusy(false);
      return;
    }
    // The server ended this browser's session too; the store forgets the user as on a normal sign-out.
    await useAuth.getState().logout();
    void navigate("/");
  };

  return (
    <section className={`${card} max-w-xl space-y-3`} aria-labelledby="sign-out-everywhere">
      <h2 id="sign-out-everywhere" className="text-lg font-semibold">
        Signed-in devices
      </h2>
      <p className="text-sm text-slate-300">
        Lost a phone, or signed in on a computer you share? Sign out everywhere, this browser included. You can sign in
        again at any time.
      </p>
      {failure ? (
        <p role="alert" className="text-sm text-red-400">
          {failure}
        </p>
      ) : null}
      <button
        type="button"
        className={buttonClass("secondary")}
        onClick={() => void signOutEverywhere()}
        disabled={busy}
        aria-busy={busy}
      >
        Sign out of all devices
      </button>
    </section>
  );
}
