import { useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { ComingSoon } from "../components/coming-soon";
import { SignInModal } from "../components/sign-in-modal";
import { PageSpinner } from "../components/spinner";
import { buttonClass, card } from "../components/ui";
import { useAuth } from "../stores/auth";

function ContentPage() {
  const { user, pending } = useAuth(useShallow((s) => ({ user: s.user, pending: s.pending })));
  if (pending) return <PageSpinner />;
  if (!user) return <SignInRequired />;
  return <ComingSoon title="Player" what="the player" />;
}

/** Watching needs an account (views earn money), so visitors get the pitch instead of the player. */
function SignInRequired() {
  const [modalOpen, setModalOpen] = useState(true);
  return (
    <section className={`${card} mx-auto max-w-lg text-center`}>
      <h1 className="text-2xl font-semibold">Sign In Required</h1>
      <p className="mt-2 text-slate-400">You must be signed in to watch or stream content</p>
      <button
        type="button"
        aria-haspopup="dialog"
        className={`${buttonClass()} mt-6`}
        onClick={() => setModalOpen(true)}
      >
        Sign In to Watch
      </button>
      <SignInModal open={modalOpen} onClose={() => setModalOpen(false)} />
    </section>
  );
}

export { ContentPage as Component };
