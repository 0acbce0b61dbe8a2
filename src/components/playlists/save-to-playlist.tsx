import { lazy, Suspense, useState } from "react";
import { createPortal } from "react-dom";
import { useShallow } from "zustand/react/shallow";
import { useAuth } from "../../stores/auth";
import { ListPlusIcon } from "./playlist-icons";
import { cardIconClass, pillClass } from "./watch-later-button";

// Every card has the button; the dialog and its form load when one is first opened, not with the gallery.
const SaveDialog = lazy(() => import("./save-dialog"));

type SaveButtonProps = { contentId: string; title: string; variant: "card" | "player" };

/** "Save": opens the dialog listing the member's lists, each a checkbox (docs/decisions/090). */
export function SaveToPlaylistButton({ contentId, title, variant }: SaveButtonProps) {
  const { user, redirectToLogin } = useAuth(useShallow((s) => ({ user: s.user, redirectToLogin: s.redirectToLogin })));
  const [open, setOpen] = useState(false);
  const openDialog = () => (user ? setOpen(true) : void redirectToLogin());
  return (
    <>
      {variant === "card" ? (
        <button
          type="button"
          aria-haspopup="dialog"
          aria-label={`Save to playlist: ${title}`}
          title="Save to playlist"
          onClick={openDialog}
          className={`${cardIconClass} bg-slate-950/80 text-slate-100`}
        >
          <ListPlusIcon />
        </button>
      ) : (
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={openDialog}
          className={`${pillClass} border-slate-700 bg-slate-900 text-slate-100 hover:bg-slate-800`}
        >
          <ListPlusIcon />
          Save
        </button>
      )}
      {/* On a card the button sits in the thumbnail's own layer: the dialog goes to the page's top level, above every card. */}
      {open
        ? createPortal(
            <Suspense fallback={null}>
              <SaveDialog contentId={contentId} onClose={() => setOpen(false)} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
