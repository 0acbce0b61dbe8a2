import { Navigate, useParams } from "react-router";
import { CreatorContent } from "../components/creator/creator-content";
import { CreatorNotFound } from "../components/creator/creator-not-found";
import { CreatorProfile } from "../components/creator/creator-profile";
import { CreatorPlaylists } from "../components/playlists/creator-playlists";
import { PageSpinner } from "../components/spinner";
import { useCreator } from "../queries/content";

function CreatorPage() {
  const { creatorId = "" } = useParams();
  const { data: creator, isPending } = useCreator(creatorId);

  if (isPending) return <PageSpinner />;
  // docs/product-spec.md §2: an unknown creator (null: the API answered 404) goes home; replace, so Back
  // does not land on the dead address again.
  if (creator === null) return <Navigate to="/" replace />;
  // The load failed (and was logged) with nothing to show.
  if (creator === undefined) return <CreatorNotFound />;

  return (
    <div className="space-y-8">
      <CreatorProfile creator={creator} />
      <section aria-label={`Content by ${creator.display_name}`}>
        {/* A new creator starts on the All tab with fresh grids. */}
        <CreatorContent key={creatorId} creatorId={creatorId} creatorName={creator.display_name} />
      </section>
      <CreatorPlaylists key={`playlists-${creatorId}`} creatorId={creatorId} />
    </div>
  );
}

export { CreatorPage as Component };
