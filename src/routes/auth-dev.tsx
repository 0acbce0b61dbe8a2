import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { buttonClass, card } from "../components/ui";

// The accounts the local seed creates (docs/architecture.md §4 "Demo data").
const demoAccounts = [
  { email: "admin@example.com", role: "Admin" },
  { email: "ava@example.com", role: "Creator" },
  { email: "ben@example.com", role: "Creator" },
  { email: "viewer@example.com", role: "Viewer, no uploads" },
  { email: "cleo@example.com", role: "Established viewer" },
];

/**
 * Stand-in for Google's consent screen when the server runs with local sign-in. It returns to
 * /auth/callback exactly as Google would, so the rest of the flow (state check, session) is real.
 */
function LocalSignInPage() {
  const [searchParams] = useSearchParams();
  const state = searchParams.get("state") ?? "";
  const [email, setEmail] = useState("");

  const signInAs = (address: string) => {
    const code = encodeURIComponent(`dev:${address}`);
    // A full page load, like a provider's redirect, so the callback starts from a fresh app.
    window.location.assign(`/auth/callback?code=${code}&state=${encodeURIComponent(state)}`);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (address) signInAs(address);
  };

  return (
    <div className={`${card} mx-auto max-w-md`}>
      <h1 className="text-2xl font-semibold">Local sign-in</h1>
      <p className="mt-2 text-sm text-slate-400">
        For local development only: pick a demo account or type any email to sign in without Google.
      </p>
      {state ? null : (
        <p role="alert" className="mt-3 rounded-lg bg-amber-500/10 p-3 text-sm text-amber-200">
          This page was opened without a sign-in request, so the sign-in will be refused. Use Sign In instead.
        </p>
      )}
      <ul className="mt-6 space-y-2">
        {demoAccounts.map((account) => (
          <li key={account.email} className="flex items-center gap-3">
            <button
              type="button"
              className={`${buttonClass("secondary")} flex-1 justify-start`}
              onClick={() => signInAs(account.email)}
            >
              {account.email}
            </button>
            <span className="w-32 text-xs text-slate-400">{account.role}</span>
          </li>
        ))}
      </ul>
      <form className="mt-6 flex flex-col gap-2" onSubmit={onSubmit}>
        <label htmlFor="local-sign-in-email" className="text-sm font-medium text-slate-300">
          Email
        </label>
        <div className="flex gap-2">
          <input
            id="local-sign-in-email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="min-w-0 flex-1 rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-sm focus-visible:border-violet-500 focus-visible:outline-2 focus-visible:outline-violet-500/40"
          />
          <button type="submit" className={buttonClass()}>
            Continue
          </button>
        </div>
      </form>
    </div>
  );
}

export { LocalSignInPage as Component };
