import { Navigate, useParams } from "react-router";
import { CreatorContent } from "../components/creator/creator-content";
import { CreatorNotFound } from "../components/creator/creator-not-found";
import { CreatorProfile } from "../components/creator/creator-profile";
import { PageSpinner } from "../components/spinner";
import { useApiResource } from "../hooks/use-api-resource";
import { getCreator } from "../lib/content-api";

function CreatorPage() {
  const { creatorId = "" } = useParams();
  const creator = useApiResource(creatorId, getCreator, "Failed to load creator");

  if (creator.status === "loading") return <PageSpinner />;
  // docs/product-spec.md §2: an unknown creator goes home; replace, so Back does not land on the dead address again.
  if (creator.status === "not-found") return <Navigate to="/" replace />;
  if (creator.status === "error") return <CreatorNotFound />;

  return (
    <div className="space-y-8">
      <CreatorProfile creator={creator.data} />
      <section aria-label={`Content by ${creator.data.display_name}`}>
        {/* A new creator starts on the All tab with fresh grids. */}
        <CreatorContent key={creatorId} creatorId={creatorId} creatorName={creator.data.display_name} />
      </section>
    </div>
  );
}

export { CreatorPage as Component };
