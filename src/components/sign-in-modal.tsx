import { useId, useRef } from "react";
import { useAuth } from "../stores/auth";
import { buttonClass } from "./ui";
import { useModalDialog } from "./use-modal-dialog";

// The product's promises, in the order a newcomer cares about them (constants from the spec §9).
const benefits = [
  "Earn $0.003 for every video or track you watch to 80%",
  "Earn as a creator every time others watch your uploads",
  "AI recommendations that learn from your likes",
  "Cash out once your balance reaches $25.00",
];

type SignInModalProps = { open: boolean; onClose: () => void };

export function SignInModal({ open, onClose }: SignInModalProps) {
  return open ? <SignInDialog onClose={onClose} /> : null;
}

function SignInDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const redirectToLogin = useAuth((s) => s.redirectToLogin);
  useModalDialog(dialogRef, onClose);

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/80 p-4 backdrop-blur-sm"
      // A click on the backdrop (not inside the dialog) closes it; keyboard users have Escape.
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative w-full max-w-md rounded-2xl border border-slate-800 bg-slate-900 p-6 shadow-2xl shadow-violet-950/40 outline-none"
      >
        <button
          type="button"
          aria-label="Close"
          onClick={onClose}
          className={`${buttonClass("ghost", "icon")} absolute top-3 right-3`}
        >
          <span aria-hidden="true">✕</span>
        </button>
        <h2 id={titleId} className="pr-8 text-2xl font-semibold">
          Welcome to Reelpay
        </h2>
        <p className="mt-4 rounded-xl border border-violet-500/40 bg-violet-500/10 p-3 text-sm text-violet-100">
          <strong className="font-semibold">Sign-up bonus:</strong> get $50 to $100 by completing the
          sign-on challenge within 24 hours of joining.
        </p>
        <ul className="mt-4 space-y-2 text-sm text-slate-300">
          {benefits.map((benefit) => (
            <li key={benefit} className="flex gap-2">
              <span aria-hidden="true" className="text-violet-400">
                ✓
              </span>
              {benefit}
            </li>
          ))}
        </ul>
        <button
          type="button"
          data-autofocus
          className={`${buttonClass("primary", "lg")} mt-6 w-full`}
          onClick={() => void redirectToLogin()}
        >
          Continue with Google
        </button>
        <p className="mt-3 text-center text-xs text-slate-400">
          By continuing you agree to our Terms of Service and Privacy Policy.
        </p>
      </div>
    </div>
  );
}
