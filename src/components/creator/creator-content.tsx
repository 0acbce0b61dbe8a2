import type { ContentType } from "../../../common/schemas/content";
import { ContentFeed } from "../gallery/content-feed";
import { useGalleryParams } from "../gallery/gallery-url";
import { Tabs } from "../tabs";

const filters: { id: "all" | ContentType; label: string; type?: ContentType; what: string }[] = [
  { id: "all", label: "All", what: "anything" },
  { id: "video", label: "Videos", type: "video", what: "any videos" },
  { id: "audio", label: "Audio", type: "audio", what: "any audio" },
];

/**
 * The creator's uploads, filtered by type; each tab shows its own paginated grid. The tab is in the address
 * (`?type=`, as on home: docs/decisions/047), so Back returns to it and a shared link opens it.
 */
export function CreatorContent({ creatorId, creatorName }: { creatorId: string; creatorName: string }) {
  const [{ type }, change] = useGalleryParams();
  return (
    <Tabs
      label="Content type"
      selectedId={type}
      onSelect={(id) => change({ type: id as "all" | ContentType })}
      tabs={filters.map((filter) => ({
        id: filter.id,
        label: filter.label,
        panel: (
          <ContentFeed
            query={{ creator: creatorId, type: filter.type }}
            emptyTitle="No content found"
            emptyText={`${creatorName} hasn't published ${filter.what} yet.`}
          />
        ),
      }))}
    />
  );
}
