import type { ContentJson } from "../../../common/schemas/content";
import { useUserId } from "../../stores/auth";
import { scheduleLabel } from "./visibility-choice";

/**
 * On an item's own page, to its creator only: that it is not public, and who can see it (docs/decisions/094).
 * Others only ever open public or unlisted items, and are told nothing about either.
 */
export function VisibilityNote({
  content,
}: {
  content: Pick<ContentJson, "created_by" | "visibility" | "publish_at" | "draft">;
}) {
  const userId = useUserId();
  if (userId !== content.created_by) return null;
  const text = content.draft
    ? "Draft: only you can see it. Publish it from My Content."
    : content.publish_at
      ? `Scheduled for ${scheduleLabel(content.publish_at)}: only you can see it until then.`
      : content.visibility === "private"
        ? "Private: only you can see it."
        : content.visibility === "unlisted"
          ? "Unlisted: anyone with the link can watch it; it is not in the gallery, search or your page."
          : null;
  if (!text) return null;
  return (
    <p
      role="note"
      className="rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-sm break-words text-slate-200"
    >
      {text}
    </p>
  );
}
