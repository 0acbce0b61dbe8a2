import { useLikedContent } from "../../queries/content";
import { ContentGrid } from "../gallery/content-grid";

/** What the user liked; likes feed the home page's recommendations (docs/product-spec.md §1, §2 "Liked Content"). */
export function LikedContent() {
  // A failure is logged and shows as an empty list (docs/product-spec.md §8 "other fetch failures").
  const { data: items = [], isPending } = useLikedContent();
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-400">
        Content you like helps our AI recommendations learn your taste: the more you like, the better your Recommended
        for You picks.
      </p>
      <ContentGrid
        items={items}
        loading={isPending}
        emptyTitle="You haven't liked any content yet"
        emptyText="Tap Like on videos and tracks you enjoy and they will appear here."
      />
    </div>
  );
}
