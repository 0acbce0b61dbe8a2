import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { PageSpinner } from "../components/spinner";
import { useAuth } from "../stores/auth";

/** Where the sign-in provider returns: trade the code for a session, then go home either way. */
function AuthCallbackPage() {
  const exchangeCodeForSessionToken = useAuth((s) => s.exchangeCodeForSessionToken);
  const navigate = useNavigate();
  // StrictMode runs effects twice in development; the code is single-use, so exchange it once.
  // (The store also merges concurrent exchanges, so a second run could not send a second request.)
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    exchangeCodeForSessionToken()
      .catch((error: unknown) => console.error(error))
      .finally(() => navigate("/", { replace: true }));
  }, [exchangeCodeForSessionToken, navigate]);

  return (
    <div className="py-16 text-center">
      <h1 className="text-xl font-semibold">Completing sign in...</h1>
      <PageSpinner />
    </div>
  );
}

export { AuthCallbackPage as Component };
