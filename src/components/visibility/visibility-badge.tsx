import type { ContentJson } from "../../../common/schemas/content";
import { visibilityLabel } from "./visibility-choice";

const TONE: Record<ContentJson["visibility"] | "scheduled" | "draft", string> = {
  draft: "border-dashed border-slate-500 bg-slate-900 text-slate-200",
  public: "border-emerald-800 bg-emerald-950/50 text-emerald-300",
  unlisted: "border-sky-800 bg-sky-950/50 text-sky-300",
  private: "border-slate-600 bg-slate-800 text-slate-200",
  scheduled: "border-amber-800 bg-amber-950/50 text-amber-200",
};

/** Who may see one of the member's items: "Draft", "Public", "Unlisted", "Private" or "Scheduled for …" (docs/decisions/094). */
export function VisibilityBadge({
  item,
  className = "",
}: {
  item: Pick<ContentJson, "visibility" | "publish_at" | "draft">;
  className?: string;
}) {
  const tone = TONE[item.draft ? "draft" : item.publish_at ? "scheduled" : item.visibility];
  return (
    <span
      className={`inline-block max-w-full rounded-full border px-2 py-0.5 text-xs break-words ${tone} ${className}`}
    >
      {visibilityLabel(item)}
    </span>
  );
}
