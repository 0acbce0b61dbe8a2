import { listLiked } from "../../lib/content-api";
import { ContentGrid } from "../gallery/content-grid";
import { useContentList } from "./use-content-list";

/** What the user liked; likes feed the home page's recommendations (docs/product-spec.md §1, §2 "Liked Content"). */
export function LikedContent() {
  const { items, loading } = useContentList(listLiked);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-400">
        Content you like helps our AI recommendations learn your taste: the more you like, the better your
        Recommended for You picks.
      </p>
      <ContentGrid
        items={items}
        loading={loading}
        emptyTitle="You haven't liked any content yet"
        emptyText="Tap Like on videos and tracks you enjoy and they will appear here."
      />
    </div>
  );
}
