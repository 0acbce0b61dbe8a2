import { type ReactNode, useId, useRef } from "react";
import { buttonClass } from "./ui";
import { useModalDialog } from "./use-modal-dialog";

type ModalProps = {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** "md" for short messages (sign-in), "lg" (default) for forms. */
  size?: "md" | "lg";
};

/**
 * The app's dialog: labelled by its title, focus moves in (to the `data-autofocus` field), Tab stays inside,
 * Escape or the backdrop closes it, and focus returns to the button that opened it.
 */
export function Modal({ title, onClose, children, size = "lg" }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useModalDialog(dialogRef, onClose);
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/80 p-4 backdrop-blur-sm"
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative max-h-[90vh] w-full ${size === "md" ? "max-w-md" : "max-w-lg"} overflow-y-auto rounded-2xl border border-slate-800 bg-slate-900 p-6 shadow-2xl shadow-violet-950/40 outline-none`}
      >
        <button
          type="button"
          aria-label="Close"
          onClick={onClose}
          className={`${buttonClass("ghost", "icon")} absolute top-3 right-3`}
        >
          <span aria-hidden="true">✕</span>
        </button>
        <h2 id={titleId} className={`pr-8 font-semibold wrap-anywhere ${size === "md" ? "text-2xl" : "text-xl"}`}>
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </div>
    </div>
  );
}
