import { useState } from "react";
import type { ContentJson } from "../../../common/schemas/content";
import { useAuth } from "../../stores/auth";
import { buttonClass } from "../ui";
import { ReportDialog } from "./report-dialog";

/**
 * "Report" under the player (docs/decisions/027), for signed-in members looking at someone else's item. Suspended
 * members may not report (the server refuses), so they are not offered it.
 */
export function ReportButton({ content }: { content: Pick<ContentJson, "id" | "title" | "created_by"> }) {
  const user = useAuth((s) => s.user);
  const [open, setOpen] = useState(false);
  if (!user || user.suspended || user.id === content.created_by) return null;
  return (
    <>
      <button type="button" aria-haspopup="dialog" className={buttonClass("ghost")} onClick={() => setOpen(true)}>
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M5 21V4m0 0h11l-2 4 2 4H5" />
        </svg>
        Report
      </button>
      {open ? (
        <ReportDialog
          target={{ kind: "content", id: content.id, title: content.title }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
