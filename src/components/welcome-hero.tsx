import { useState } from "react";
import { useAuth } from "../stores/auth";
import { SignInModal } from "./sign-in-modal";
import { buttonClass } from "./ui";

/** The signed-out home page's first impression: what Reelpay is and how to join. */
export function WelcomeHero() {
  const redirectToLogin = useAuth((s) => s.redirectToLogin);
  const [signUpOpen, setSignUpOpen] = useState(false);

  return (
    <section className="rounded-3xl border border-slate-800 bg-gradient-to-br from-violet-950/70 via-slate-900 to-slate-950 px-6 py-14 text-center sm:px-12">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
        Welcome to <span className="text-violet-400">Reelpay</span>
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">
        Watch videos and listen to music, share your own, and earn for both: every video or track you finish pays you,
        and every view of your uploads pays you as a creator.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* Sign Up explains the offer first; Sign In goes straight to Google for returning users. */}
        <button type="button" className={buttonClass("primary", "lg")} onClick={() => setSignUpOpen(true)}>
          Sign Up
        </button>
        <button type="button" className={buttonClass("secondary", "lg")} onClick={() => void redirectToLogin()}>
          Sign In
        </button>
      </div>
      <SignInModal open={signUpOpen} onClose={() => setSignUpOpen(false)} />
    </section>
  );
}
